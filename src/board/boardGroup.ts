import type { Rect, Vec2 } from '../core/geometry/types.js'
import type { BodyId, Size } from '../core/world/types.js'
import type { ContainerSpace } from '../dom/containerSpace.js'
import type { DropPlacements, ExternalDropEvent, TransferEvent } from './externalDrop.js'
import { safely } from './frameLoop.js'

/**
 * One mounted world as a place to drop cards into: from a palette (`useExternalDraggable`,
 * any board) or from another board of its `group`. Made by the world's store.
 */
export interface DropBoard {
  /** What `TransferEvent.from` and `to` name it by: its `<PhysicsWorld id>`, else a generated id. */
  readonly id: string
  /** The `<PhysicsWorld group>` it belongs to; boards of one group take each other's cards. */
  readonly group: string | undefined
  /** The board's container space measured now (a layout read), or null while it is not rendered. */
  measure(): ContainerSpace | null
  /** The size of body `id` in this world (world units). */
  sizeOf(id: BodyId): Size
  /** The free, snapped spot for a box of `size` nearest `near` (world units), or null: no room. */
  spotFor(size: Readonly<Size>, near: Readonly<Vec2>): Rect | null
  /**
   * The next body registered as `id` in this world goes to `rect`; `from` names the board
   * it leaves, none for a card from outside (see `DropPlacements.expect`).
   */
  expect(id: BodyId, rect: Readonly<Rect>, from?: string): void
  /** Tells the world's `onExternalDrop`. */
  externalDropped(event: ExternalDropEvent): void
  /** Tells the world's `onTransfer`. */
  transferred(event: TransferEvent): void
}

/** The handlers a board's drops call, read through the ref at each call. */
export interface DropHandlers {
  /** `<PhysicsWorld onExternalDrop>`. */
  onExternalDrop?: ((event: ExternalDropEvent) => void) | undefined
  /** `<PhysicsWorld onTransfer>`. */
  onTransfer?: ((event: TransferEvent) => void) | undefined
}

/** A world's {@link DropBoard}, with its name and handlers set by the world's props. */
export interface NamedDropBoard extends DropBoard {
  /** Sets the board's id and group (`<PhysicsWorld id group>`). */
  name(id: string, group: string | undefined): void
  /** The `onExternalDrop` and `onTransfer` handlers, read through the ref at each drop. */
  setHandlers(handlers: { readonly current: DropHandlers }): void
}

/** What a world's board does for drops: measure its container, size its bodies, choose and keep spots. */
export interface DropBoardHost {
  /** The container's space measured now, or null while it is not rendered (or detached). */
  measure(): ContainerSpace | null
  /** Body `id`'s size in the world. */
  sizeOf(id: BodyId): Size
  /** The board's drop spots and the bodies it expects. */
  placements: Pick<DropPlacements, 'spotFor' | 'expect'>
}

/** Creates the drop side of one world's board; `id` and `group` come later (see `name`). */
export function createDropBoard(host: DropBoardHost): NamedDropBoard {
  let handlers: { readonly current: DropHandlers } = { current: {} }
  let id = ''
  let group: string | undefined
  return {
    get id() {
      return id
    },
    get group() {
      return group
    },
    name(nextId, nextGroup) {
      id = nextId
      group = nextGroup
    },
    setHandlers(next) {
      handlers = next
    },
    measure: () => host.measure(),
    sizeOf: (body) => host.sizeOf(body),
    spotFor: (size, near) => host.placements.spotFor(size, near),
    expect: (body, rect, from) => host.placements.expect(body, rect, from),
    externalDropped: (event) => safely(handlers.current.onExternalDrop, event),
    transferred: (event) => safely(handlers.current.onTransfer, event),
  }
}

/**
 * The boards of a page, for drags that leave their world: a palette item looks for any
 * board under the pointer, a card for another board of its group. Framework-free: a board
 * is added when its world mounts and removed by identity when it unmounts, so StrictMode's
 * mount-unmount-mount ends with one entry (dnd-kit's registry pattern).
 */
export interface BoardRegistry {
  /** Adds a board; returns the function that removes exactly this entry. */
  add(board: DropBoard): () => void
  /**
   * The boards a drag from `source` may drop on, in the order they were added: every board
   * for a drag from outside (`source` undefined), else the other boards of `source`'s group
   * (none when it has no group).
   */
  targetsOf(source?: DropBoard): DropBoard[]
}

/** Creates an empty board registry. */
export function createBoardRegistry(): BoardRegistry {
  // One entry per `add`, so a stale removal (an earlier mount's) never takes a newer entry
  // of the same board.
  const entries = new Set<{ board: DropBoard }>()
  return {
    add(board) {
      const entry = { board }
      entries.add(entry)
      return () => entries.delete(entry)
    },
    targetsOf(source) {
      const all = [...new Set([...entries].map(({ board }) => board))]
      if (source === undefined) return all
      if (source.group === undefined) return []
      return all.filter((board) => board !== source && board.group === source.group)
    },
  }
}

/**
 * The boards of this page (one registry per JavaScript realm): every `<PhysicsWorld>`
 * adds its board while mounted. Nothing is added during a server render.
 */
export const pageBoards: BoardRegistry = createBoardRegistry()
