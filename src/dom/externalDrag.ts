import type { Rect, Vec2 } from '../core/geometry/types.js'
import type { BodyId, Size } from '../core/world/types.js'
import type { DropBoard } from '../board/boardGroup.js'
import type { ContainerSpace } from './containerSpace.js'
import {
  applyAffineInto,
  identityAffine,
  invertAffine,
  mapRectBounds,
  type Affine,
} from './affine.js'
import { attachPointerDrag } from './pointerDrag.js'

/** Where a drag that left its world would land: the board under the pointer and the spot shown there. */
export interface DropHit {
  board: DropBoard
  /** World coordinates of `board`. */
  rect: Rect
}

/** Options of {@link createDropSession}. */
export interface DropSessionOptions {
  /** The boards the drag may drop on (`BoardRegistry.targetsOf`), measured when the session starts. */
  targets: readonly DropBoard[]
  /** The card's size in world units (CSS pixels). */
  size: Readonly<Size>
  /** The pointer's offset from the card's top-left, client pixels: the card hangs from the pointer there. */
  grab: Readonly<Vec2>
  /**
   * The element the floating ghost copies (dnd-kit's `DragOverlay`): the palette item, or
   * the card leaving its board. An SVG element gets no ghost.
   */
  ghostOf: Element
  /**
   * When the ghost follows the pointer: `'always'` (a palette item) or `'overTarget'`
   * (a card between boards: over its own board the card itself follows).
   */
  ghost: 'always' | 'overTarget'
}

/**
 * One drag outside its world, on screen: which board the pointer is over, the drop preview
 * (an element carrying `data-aabb-drop-preview`, over the free, snapped spot where the card
 * would land; none when the board has no room) and the ghost that follows the pointer
 * (`data-aabb-drag-ghost`). Both are `position: fixed` children of `document.body` and take
 * no pointer events; both go when the session ends.
 */
export interface DropSession {
  /** The pointer is at (`clientX`, `clientY`): updates the preview and the ghost; returns the board under it. */
  moveTo(clientX: number, clientY: number): DropBoard | null
  /** The page scrolled: measures the boards again (the last pointer position is shown again). */
  remeasure(): void
  /** Ends the session: the board and spot shown (null: no board under the pointer, or no room there). */
  drop(): DropHit | null
  /** Ends the session without a drop. */
  cancel(): void
}

/** What a board is while a session runs: its measured space and its client rect. */
interface MeasuredBoard {
  board: DropBoard
  clientToWorld: Affine
  worldToClient: Affine
  client: Rect
}

/** Whether the client point (`x`, `y`) is inside `rect` (edges included). */
export function containsPoint(rect: Readonly<Rect>, x: number, y: number): boolean {
  return x >= rect.x && x <= rect.x + rect.width && y >= rect.y && y <= rect.y + rect.height
}

/** A board's edges in client coordinates, from its measured space: what a pointer is tested against. */
export function clientEdgesOf(space: Readonly<ContainerSpace>): Rect {
  return mapRectBounds(invertAffine(space.clientToWorld), space.edges)
}

/** The floating copy of `source`, or null for an element that cannot float in the page (SVG). */
function createGhost(source: Element, size: Readonly<Size>): HTMLElement | null {
  if (!(source instanceof HTMLElement)) return null
  const ghost = source.cloneNode(true) as HTMLElement
  for (const name of ['id', 'data-aabb-body', 'tabindex', 'aria-describedby', 'data-dragging']) {
    ghost.removeAttribute(name)
  }
  ghost.setAttribute('data-aabb-drag-ghost', '')
  ghost.setAttribute('aria-hidden', 'true')
  Object.assign(ghost.style, floating(2147483647), {
    margin: '0',
    translate: 'none',
    width: `${size.width}px`,
    height: `${size.height}px`,
  })
  return ghost
}

/**
 * The styles of an element that floats over the page, placed by its `transform` from the
 * viewport's top-left, and never the target of a pointer (the drop under it is looked up
 * by position): the ghost and the preview.
 */
function floating(zIndex: number): Partial<CSSStyleDeclaration> {
  return {
    position: 'fixed',
    left: '0px',
    top: '0px',
    boxSizing: 'border-box',
    pointerEvents: 'none',
    zIndex: String(zIndex),
  }
}

function createPreview(document: Document): HTMLElement {
  const preview = document.createElement('div')
  preview.setAttribute('data-aabb-drop-preview', '')
  preview.setAttribute('aria-hidden', 'true')
  Object.assign(preview.style, floating(2147483646), {
    border: '2px dashed rgb(37 99 235)',
    background: 'rgb(37 99 235 / 0.12)',
    borderRadius: '4px',
  })
  return preview
}

/** Starts a {@link DropSession}: measures its target boards now (a layout read). */
export function createDropSession(options: DropSessionOptions): DropSession {
  const { size, grab, ghost: ghostMode } = options
  const document = options.ghostOf.ownerDocument
  let boards: MeasuredBoard[] = []
  const ghost = createGhost(options.ghostOf, size)
  const preview = createPreview(document)
  let hit: DropHit | null = null
  let lastX = NaN
  let lastY = NaN
  const corner: Vec2 = { x: 0, y: 0 }

  function measure(): void {
    boards = []
    for (const board of options.targets) {
      const space = board.measure()
      if (!space) continue
      const worldToClient = invertAffine(space.clientToWorld)
      boards.push({
        board,
        clientToWorld: space.clientToWorld,
        worldToClient,
        client: clientEdgesOf(space),
      })
    }
  }

  function show(element: HTMLElement, rect: Rect | null): void {
    if (rect === null) return element.remove()
    element.style.transform = `translate(${rect.x}px, ${rect.y}px)`
    element.style.width = `${rect.width}px`
    element.style.height = `${rect.height}px`
    if (!element.isConnected) document.body.append(element)
  }

  function moveTo(clientX: number, clientY: number): DropBoard | null {
    lastX = clientX
    lastY = clientY
    const over = boards.find(({ client }) => containsPoint(client, clientX, clientY)) ?? null
    hit = null
    let shown: Rect | null = null
    if (over) {
      applyAffineInto(corner, over.clientToWorld, clientX - grab.x, clientY - grab.y)
      const rect = over.board.spotFor(size, corner)
      if (rect) {
        hit = { board: over.board, rect }
        shown = mapRectBounds(over.worldToClient, rect)
      }
    }
    show(preview, shown)
    if (ghost) {
      const floating = ghostMode === 'always' || over !== null
      const { width, height } = size
      show(ghost, floating ? { x: clientX - grab.x, y: clientY - grab.y, width, height } : null)
    }
    return over?.board ?? null
  }

  function end(): void {
    preview.remove()
    ghost?.remove()
  }

  measure()
  return {
    moveTo,
    remeasure() {
      measure()
      if (!Number.isNaN(lastX)) moveTo(lastX, lastY)
    },
    drop() {
      end()
      // A board that unmounted during the drag takes nothing (it measures as not rendered).
      return hit && hit.board.measure() !== null ? hit : null
    },
    cancel() {
      hit = null
      end()
    },
  }
}

/**
 * A drag from outside was released over `hit`: the board expects body `id` at the spot
 * shown, and its `onExternalDrop` hears of it (with `data`).
 */
export function deliverDrop(hit: DropHit, id: BodyId, data: unknown): void {
  hit.board.expect(id, hit.rect)
  hit.board.externalDropped({ id, rect: hit.rect, data })
}

/** Options of {@link attachExternalDrag}, read when a drag begins (getters may supply them). */
export interface ExternalDragOptions {
  /** The body id the dropped card gets. */
  readonly id: BodyId
  /** The card's size in world units, checked by the caller. */
  readonly size: Readonly<Size>
  /** What `onExternalDrop` receives as `data`. */
  readonly data: unknown
  /** The boards under the page (`pageBoards`). */
  targets(): readonly DropBoard[]
  /** Called with `true` when a drag begins and `false` when it ends (dropped or not). */
  onActive?(active: boolean): void
}

/**
 * Makes `element` (outside any world) draggable into worlds: a pointer drag (the same
 * activation distance, Escape and click handling as a card's, `attachPointerDrag`) whose
 * ghost follows the pointer and whose preview shows where the card would land; a release
 * over a board with room tells that board's `onExternalDrop` and has it expect the body.
 * The card hangs from the pointer where it was pressed on `element`, scaled to `size`.
 * Returns the function that detaches it.
 */
export function attachExternalDrag(element: Element, options: ExternalDragOptions): () => void {
  let session: DropSession | null = null
  let id: BodyId = ''
  let data: unknown
  const detach = attachPointerDrag(element, {
    dragCancel: '',
    onStart(pressX, pressY) {
      const box = element.getBoundingClientRect()
      ;({ id, data } = options)
      const { size } = options
      // Where the press was on the item, in the card's proportions.
      const grab = {
        x: box.width > 0 ? ((pressX - box.left) / box.width) * size.width : 0,
        y: box.height > 0 ? ((pressY - box.top) / box.height) * size.height : 0,
      }
      session = createDropSession({
        targets: options.targets(),
        size,
        grab,
        ghostOf: element,
        ghost: 'always',
      })
      options.onActive?.(true)
      return identityAffine
    },
    onMove(_delta, clientX, clientY) {
      session?.moveTo(clientX, clientY)
    },
    onEnd() {
      const hit = session?.drop() ?? null
      session = null
      options.onActive?.(false)
      if (hit) deliverDrop(hit, id, data)
    },
    onCancel() {
      session?.cancel()
      session = null
      options.onActive?.(false)
    },
    onScroll() {
      session?.remeasure()
      return null
    },
  })
  return () => {
    // Unmounted mid-drag: the drag is cancelled, not dropped (the item that began it is gone).
    session?.cancel()
    session = null
    detach()
  }
}
