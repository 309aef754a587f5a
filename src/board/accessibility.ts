import { describeValue } from '../core/geometry/validate.js'
import type { BodyId } from '../core/world/types.js'

/** A body named in an announcement. */
export interface AnnouncedBody {
  /** The body's id. */
  id: BodyId
  /**
   * Its name: the `label` option, else the element's `aria-label`, else the id. A wall of
   * `bounds` is "the left edge" (and so on): its id (`aabb-bounds-left`, ...) lets a
   * formatter name it otherwise.
   */
  label: string
}

/** One arrow-key move, as {@link Announcements.onKeyMove} receives it. */
export interface KeyMoveAnnouncement {
  /** The body the keys moved. */
  body: AnnouncedBody
  /** The arrow that was pressed. */
  direction: 'left' | 'right' | 'up' | 'down'
  /** The bodies the move pushed aside, nearest first; empty when it pushed none. */
  pushed: AnnouncedBody[]
  /** What stopped the move, touching which side of the moved body; `null` when nothing did. */
  blocked: { side: 'left' | 'right' | 'top' | 'bottom'; by: AnnouncedBody } | null
  /**
   * When the keys moved the selection: every card that moved together, `body` first
   * (a group move, issue #26). Absent for a card moved alone.
   */
  group?: AnnouncedBody[] | undefined
}

/** What the world's `aria-live` region says, one function per event. */
export interface Announcements {
  /**
   * After an arrow-key move. @default "Notes moved right", "Notes moved right, pushed
   * Chart", "Notes blocked on the right by Chart"; for the selection "3 cards moved right"
   */
  onKeyMove(move: KeyMoveAnnouncement): string
  /**
   * After Escape put a dragged body back where the drag began; `group` lists every card of
   * a group drag (the selection, `body` first). @default "Notes returned to its start",
   * "3 cards returned to their start"
   */
  onDragCancel(body: AnnouncedBody, group?: AnnouncedBody[]): string
  /**
   * After an undo (Ctrl+Z, `useWorld().undo()`) put the bodies of the last gesture back.
   * @default "Undone: Notes and Chart moved back"
   */
  onUndo(bodies: AnnouncedBody[]): string
  /**
   * After a redo (Shift+Ctrl+Z, `useWorld().redo()`) moved the bodies of an undone gesture
   * again. @default "Redone: Notes and Chart moved"
   */
  onRedo(bodies: AnnouncedBody[]): string
  /**
   * When cards find no room on the board (they overflow, see `onOverflow`): the cards new
   * to the overflowing set, once. The message is cleared when cards leave the set.
   * @default "No room for Chart", "No room for Chart and Todo"
   */
  onOverflow(bodies: AnnouncedBody[]): string
  /**
   * When the card the app rendered for a drop is placed on the board: dropped in from
   * outside (`from` undefined: a palette item of `useExternalDraggable`), or moved here from
   * the board `from` (its `<PhysicsWorld id>`, as `onTransfer` names it).
   * @default "Note added", "Task moved here from todo"
   */
  onDropIn(body: AnnouncedBody, from: string | undefined): string
}

/**
 * The texts a `<PhysicsWorld>` gives screen readers (its `accessibility` prop), to
 * translate or reword them; what is left out keeps its English default (dnd-kit's
 * `screenReaderInstructions` and `announcements`). The role description "movable item"
 * is the element's own `aria-roledescription` when it has one.
 *
 * @example
 * <PhysicsWorld
 *   accessibility={{
 *     screenReaderInstructions:
 *       'Déplacez avec les flèches ; Maj : jusqu’au contact ; Échap annule un glisser.',
 *     announcements: {
 *       onKeyMove: ({ body, blocked }) =>
 *         blocked ? `${body.label} bloqué par ${blocked.by.label}` : `${body.label} déplacé`,
 *       onDragCancel: (body) => `${body.label} remis à sa place`,
 *     },
 *   }}
 * />
 */
export interface Accessibility {
  /**
   * The key instructions every keyboard-movable body points `aria-describedby` at.
   * @default {@link defaultScreenReaderInstructions}
   */
  screenReaderInstructions?: string | undefined
  /** Announcement formatters; one left out is taken from {@link defaultAnnouncements}. */
  announcements?: Partial<Announcements> | undefined
}

/** The English key instructions of every `<PhysicsWorld>` not given others. */
export const defaultScreenReaderInstructions =
  'Use the arrow keys to move; hold Shift to move until contact; Escape cancels a drag; Control+Z undoes a move and Shift+Control+Z redoes it. Space selects or deselects; the arrow keys move the selected cards together; Escape clears the selection.'

/** "Chart", "Chart and Todo", "Chart, Todo and Log". */
function nameList(names: readonly string[]): string {
  if (names.length < 2) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

/** What an announcement calls the cards that moved: "Notes", or "3 cards" for a group. */
function subjectOf(body: AnnouncedBody, group: readonly AnnouncedBody[] | undefined): string {
  return group && group.length > 1 ? `${group.length} cards` : body.label
}

/** The English announcements of every `<PhysicsWorld>` not given others. */
export const defaultAnnouncements: Readonly<Announcements> = {
  onKeyMove({ body, direction, pushed, blocked, group }) {
    const subject = subjectOf(body, group)
    const stop = blocked && `blocked on the ${blocked.side} by ${blocked.by.label}`
    if (pushed.length === 0) {
      return stop ? `${subject} ${stop}` : `${subject} moved ${direction}`
    }
    const moved = `${subject} moved ${direction}, pushed ${nameList(pushed.map(({ label }) => label))}`
    return stop ? `${moved}, then ${stop}` : moved
  },
  onDragCancel: (body, group) =>
    group && group.length > 1
      ? `${group.length} cards returned to their start`
      : `${body.label} returned to its start`,
  onUndo: (bodies) => `Undone: ${nameList(bodies.map(({ label }) => label))} moved back`,
  onRedo: (bodies) => `Redone: ${nameList(bodies.map(({ label }) => label))} moved`,
  onOverflow: (bodies) => `No room for ${nameList(bodies.map(({ label }) => label))}`,
  onDropIn: (body, from) =>
    from === undefined ? `${body.label} added` : `${body.label} moved here from ${from}`,
}

const announcementNames: ReadonlyArray<keyof Announcements> = [
  'onKeyMove',
  'onDragCancel',
  'onUndo',
  'onRedo',
  'onOverflow',
  'onDropIn',
]

/**
 * Checks an `accessibility` prop, throwing a TypeError that names the field, e.g.
 * `<PhysicsWorld>: accessibility.announcements.onKeyMove must be a function (got "moved")`.
 */
export function assertAccessibility(subject: string, accessibility: unknown): void {
  if (accessibility === undefined) return
  const fail = (field: string, expected: string, value: unknown): never => {
    throw new TypeError(
      `${subject} accessibility${field} must be ${expected} (got ${describeValue(value)})`,
    )
  }
  if (accessibility === null || typeof accessibility !== 'object') {
    fail('', 'an object', accessibility)
  }
  const { screenReaderInstructions, announcements } = accessibility as Accessibility
  if (screenReaderInstructions !== undefined && typeof screenReaderInstructions !== 'string') {
    fail('.screenReaderInstructions', 'a string', screenReaderInstructions)
  }
  if (announcements === undefined) return
  if (announcements === null || typeof announcements !== 'object') {
    fail('.announcements', 'an object', announcements)
  }
  for (const name of announcementNames) {
    const format = announcements[name]
    if (format !== undefined && typeof format !== 'function') {
      fail(`.announcements.${name}`, 'a function', format)
    }
  }
}
