import type { BodyId, World } from '../core/world/types.js'
import type { ContainerSpace } from '../dom/containerSpace.js'
import { boundsWallIds } from './boundsWalls.js'

/**
 * The rule of `bounds={{ grow: 'y' }}` (see `GrowingBounds`): a board that grows downward
 * rather than let a card overflow. The world's layout watch sets a card aside as
 * overflowing when no free spot inside its walls holds it (README, "The layout contract",
 * clause 5); the board then extends the enclosure by the card's height (the container's
 * inline `min-height`, which moves the bottom wall once the container is measured again),
 * and that change of the layout puts the card on trial: the step pushes it into the new
 * room, or the watch moves it to the nearest free spot there. Whenever the board rests,
 * `min-height` is fitted to the lowest body and the world's gap below it, so the board
 * shrinks back as cards leave or shrink; `min-height` never takes the container below its
 * own CSS height.
 */
export interface BoardGrowth {
  /** Turns the rule on or off; off gives the container its own inline `min-height` back. */
  setEnabled(enabled: boolean): void
  /**
   * The container (HTML) was measured: its padding box (`space.edges`, world units are its
   * CSS pixels) and how `min-height` maps to it. Reads layout: call it outside the frame.
   */
  containerMeasured(
    container: HTMLElement | SVGSVGElement | null,
    space: ContainerSpace | null,
  ): void
  /**
   * Of the ids the world reports as overflowing, those the board cannot make room for (all
   * of them while the rule is off; a card wider than the board); grows the board for the
   * others. Writes only (it runs inside a frame).
   */
  overflowing(ids: readonly BodyId[]): readonly BodyId[]
  /** The board rests: fits `min-height` to the lowest body (unless growth is still pending). */
  fit(): void
  /** The container goes away: its own inline `min-height` back. */
  detach(): void
}

const walls: ReadonlySet<BodyId> = new Set(Object.values(boundsWallIds))

/** Creates the growth rule of a board over `world` (off until `setEnabled(true)`). */
export function createBoardGrowth(world: World): BoardGrowth {
  let enabled = false
  let container: HTMLElement | null = null
  /** The container's own inline `min-height`, before the rule wrote one (null: none written). */
  let ownMinHeight: string | null = null
  /** The padding box last measured (world units). */
  let edges: { width: number; height: number } | null = null
  /** What to add to a padding-box height to get the `min-height` that gives it. */
  let minHeightOffset = 0
  /** The padding-box height last written through `min-height` (0: none). */
  let written = 0
  /** Cards the board grew for that the world still reports (on trial). */
  const grownFor = new Set<BodyId>()

  function write(paddingBoxHeight: number): void {
    if (!container || paddingBoxHeight === written) return
    ownMinHeight ??= container.style.minHeight
    written = paddingBoxHeight
    // A negative min-height is invalid CSS, which would keep the last one.
    container.style.minHeight = `${Math.max(0, paddingBoxHeight + minHeightOffset)}px`
  }

  function restore(): void {
    if (container && ownMinHeight !== null) container.style.minHeight = ownMinHeight
    ownMinHeight = null
    written = 0
    grownFor.clear()
  }

  return {
    setEnabled(next) {
      if (next === enabled) return
      enabled = next
      if (!enabled) restore()
    },
    containerMeasured(element, space) {
      if (!(element instanceof HTMLElement) || !space) return
      container = element
      edges = space.edges
      const style = getComputedStyle(element)
      const px = (value: string) => parseFloat(value) || 0
      minHeightOffset =
        style.boxSizing === 'border-box'
          ? px(style.borderTopWidth) + px(style.borderBottomWidth)
          : -px(style.paddingTop) - px(style.paddingBottom)
    },
    overflowing(ids) {
      for (const id of grownFor) if (!ids.includes(id)) grownFor.delete(id)
      if (!enabled || !container || !edges) return ids
      const rest: BodyId[] = []
      let growth = 0
      for (const id of ids) {
        if (grownFor.has(id)) continue
        const card = world.get(id)
        // Growing downward makes no room for a card wider than the board.
        if (card.width > edges.width) {
          rest.push(id)
          continue
        }
        grownFor.add(id)
        // The card and the world's gap above it (or below it, from the bottom wall).
        growth += card.height + (world.settings.gap ?? 0)
      }
      if (growth > 0) write(Math.max(edges.height, written) + growth)
      return rest
    },
    fit() {
      if (!enabled || grownFor.size > 0) return
      let lowest = 0
      for (const id of world.ids()) {
        if (walls.has(id)) continue
        const { y, height } = world.get(id)
        lowest = Math.max(lowest, y + height)
      }
      // The bottom wall a gap below the lowest card, which keeps the gap from walls too: at
      // its bottom, the wall would push that card up into the one above (an overflow that
      // grew the board, then this fit again at the next rest, for ever).
      write(lowest + (world.settings.gap ?? 0))
    },
    detach() {
      restore()
      container = null
      edges = null
    },
  }
}
