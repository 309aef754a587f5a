import type { Rect, Vec2 } from '../core/geometry/types.js'
import { assertPositive, describeValue } from '../core/geometry/validate.js'
import type { SnapGrid } from '../core/world/snap.js'
import type { BodyId, Size, World } from '../core/world/types.js'

/**
 * What `onExternalDrop` hears: a card dragged in from outside the world (a palette item of
 * `useExternalDraggable`) was dropped on the world's board.
 */
export interface ExternalDropEvent<Data = unknown> {
  /** The `id` given to `useExternalDraggable`: render the new card with this body id. */
  id: BodyId
  /**
   * Where the card lands, in the world's coordinates (CSS pixels of the container's padding
   * box): the free, snapped spot the drop preview showed. The card registered with `id` is
   * placed here (or, when the app renders it at another size, at the nearest free spot).
   */
  rect: Rect
  /** The `data` given to `useExternalDraggable`, as it was when the drag began. */
  data: Data
}

/**
 * What `onTransfer` hears, on both boards: a card of one board was dropped on another board
 * of the same `group`. The app moves the card in its state (out of `from`, into `to`). The
 * card's drag in `from` ended put back (its `onDragEnd` says `reason: 'cancel'`), so a card
 * the app does not move stays where it was.
 */
export interface TransferEvent {
  /** The card's body id (the same in both worlds). */
  id: BodyId
  /** The board the card leaves: its `<PhysicsWorld id>`, or a generated id when it has none. */
  from: string
  /** The board the card enters, named as `from` is. */
  to: string
  /** Where the card lands in the `to` world's coordinates: the spot the drop preview showed. */
  rect: Rect
}

/** How a dropped card arrived, once the body the app rendered for it is placed. */
export interface DropArrival {
  /** The board it came from (its `TransferEvent.from`); `undefined` for a card from outside. */
  from: string | undefined
}

/** Where a board's drop spots must be: its snapping grid and the rect its walls enclose. */
export interface DropRules {
  /** The grid a card of the board lands on (the world's `snap`), or `undefined`. */
  grid(): SnapGrid | undefined
  /** The grid of a registered body (its own `snap` option may override the world's). */
  gridOf(id: BodyId): SnapGrid | undefined
  /** The rect the board's cards stay inside (its bounds), or `undefined` for none. */
  within(): Rect | undefined
}

/**
 * How long a drop waits for the app to render its card, in milliseconds (10 s): a body
 * registered later under that id is not taken for the dropped card (an app that declined
 * the drop may add a card with that id much later, elsewhere), and the board forgets the
 * drop. Long enough for an app that saves the card before it renders it.
 */
export const DROP_EXPECTATION_MS = 10_000

/**
 * Drops onto one board, framework-free: where a dropped card of a given size lands, and the
 * placement of the body that the app renders for it afterwards.
 */
export interface DropPlacements {
  /**
   * The free spot nearest `near` (the card's top-left as the pointer carries it, world
   * units) for a box of `size`: on the board's grid, inside its bounds, overlapping no body
   * (`world.findFreeSpot`). `null` when the board has no room for it.
   */
  spotFor(size: Readonly<Size>, near: Readonly<Vec2>): Rect | null
  /**
   * The next body registered as `id` within {@link DROP_EXPECTATION_MS} goes to `rect` (a
   * drop was announced for it) instead of where its element shows or the `layout` puts it;
   * `from` names the board it leaves (a transfer), `undefined` for a card from outside. A
   * later drop of the same id replaces the place; an expectation past its lifetime is
   * forgotten (at the latest by the next drop on the board).
   */
  expect(id: BodyId, rect: Readonly<Rect>, from?: string): void
  /**
   * Body `id` entered the world: when a drop expects it, moves it to the expected place,
   * or the nearest free spot to it when that is taken now (on its grid, inside the
   * bounds), and forgets the expectation. Returns how it arrived when it was placed, else
   * `null` (no drop expected it, or the board has no room for it now).
   */
  added(id: BodyId): DropArrival | null
  /** Whether a drop expects body `id`. */
  expects(id: BodyId): boolean
}

/**
 * Creates the drop placements of one board over `world`; `now` is the board's clock in
 * milliseconds (the frame loop's), which times each expectation's lifetime.
 */
export function createDropPlacements(
  world: World,
  rules: DropRules,
  now: () => number = () => performance.now(),
): DropPlacements {
  /** The drops waiting for their card, with the time each was announced (`now`). */
  const expected = new Map<BodyId, { rect: Rect; from: string | undefined; at: number }>()
  /** The expectation of `id`, unless it is past its lifetime (then forgotten). */
  const live = (id: BodyId) => {
    const drop = expected.get(id)
    if (drop === undefined || now() - drop.at <= DROP_EXPECTATION_MS) return drop
    expected.delete(id)
    return undefined
  }
  return {
    spotFor(size, near) {
      const within = rules.within()
      const grid = rules.grid()
      const spot = world.findFreeSpot(size, near, {
        ...(grid && { grid }),
        ...(within && { within }),
      })
      return spot && { x: spot.x, y: spot.y, width: size.width, height: size.height }
    },
    expect(id, rect, from) {
      // Drops whose card never came are forgotten here, so none stays for good.
      for (const waiting of [...expected.keys()]) live(waiting)
      expected.set(id, {
        rect: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
        from,
        at: now(),
      })
    },
    expects: (id) => live(id) !== undefined,
    added(id) {
      const drop = live(id)
      if (drop === undefined || !world.has(id)) return null
      expected.delete(id)
      const body = world.get(id)
      const within = rules.within()
      const grid = rules.gridOf(id)
      // The body's own size, as its element has it: the drop's rect is only where it goes.
      const spot = world.findFreeSpot(body, drop.rect, {
        ignore: [id],
        ...(grid && { grid }),
        ...(within && { within }),
      })
      if (spot === null) return null
      world.update(id, spot)
      return { from: drop.from }
    },
  }
}

/**
 * Checks the size of a card dragged in from outside (`useExternalDraggable`): `width` and
 * `height` finite and > 0, throwing a RangeError that names the field and the id, e.g.
 * `useExternalDraggable: width of "note-1" must be a finite number > 0 (got NaN)`.
 */
export function assertExternalSize(
  subject: string,
  id: BodyId,
  width: unknown,
  height: unknown,
): Size {
  const of = ` of ${describeValue(id)}`
  return {
    width: assertPositive(subject, `width${of}`, width),
    height: assertPositive(subject, `height${of}`, height),
  }
}
