import { announce, cancelAnnouncement } from '../dom/announcer.js'
import {
  defaultAnnouncements,
  type AnnouncedBody,
  type Announcements,
  type KeyMoveAnnouncement,
} from './accessibility.js'

/** What a board tells screen readers, through one `aria-live` region. */
export interface BoardAnnouncer {
  /** The region announcements go to (`null`: none, nothing is announced). */
  attach(region: HTMLElement | null): void
  /**
   * The formatters, read through the ref at each announcement so they can change without
   * a call; one not given is taken from `defaultAnnouncements`.
   */
  setFormatters(formatters: { readonly current: Partial<Announcements> | undefined }): void
  /** Whether a region is attached: a caller may skip building an announcement otherwise. */
  readonly attached: boolean
  /** Announces a key move. */
  keyMoved(move: KeyMoveAnnouncement): void
  /** Announces a drag undone by Escape (`group`: every card of a group drag). */
  dragCancelled(body: AnnouncedBody, group?: AnnouncedBody[]): void
  /** Announces an undo or a redo of a gesture that moved `bodies`. */
  historyApplied(kind: 'undo' | 'redo', bodies: AnnouncedBody[]): void
  /** Announces cards that found no room (new to the overflowing set). */
  overflowed(bodies: AnnouncedBody[]): void
  /** Clears the region if it still says what {@link BoardAnnouncer.overflowed} last said. */
  overflowEnded(): void
  /** Announces a dropped card placed on the board (`from`: the board it left, if any). */
  droppedIn(body: AnnouncedBody, from: string | undefined): void
}

/** Creates a board's announcer; it touches no DOM until a region is attached. */
export function createBoardAnnouncer(): BoardAnnouncer {
  let region: HTMLElement | null = null
  /** The last overflow message, so that its end clears it and nothing said since. */
  let overflowMessage: string | null = null
  let formatters: { readonly current: Partial<Announcements> | undefined } = {
    current: undefined,
  }
  return {
    attach(next) {
      // The old region goes away (unmount) or is replaced: no repeat may write to it later.
      if (region && region !== next) cancelAnnouncement(region)
      region = next
    },
    setFormatters(next) {
      formatters = next
    },
    get attached() {
      return region !== null
    },
    keyMoved(move) {
      if (!region) return
      const format = formatters.current?.onKeyMove ?? defaultAnnouncements.onKeyMove
      announce(region, format(move))
    },
    dragCancelled(body, group) {
      if (!region) return
      const format = formatters.current?.onDragCancel ?? defaultAnnouncements.onDragCancel
      announce(region, group ? format(body, group) : format(body))
    },
    historyApplied(kind, bodies) {
      if (!region) return
      const name = kind === 'undo' ? 'onUndo' : 'onRedo'
      const format = formatters.current?.[name] ?? defaultAnnouncements[name]
      announce(region, format(bodies))
    },
    overflowed(bodies) {
      if (!region) return
      const format = formatters.current?.onOverflow ?? defaultAnnouncements.onOverflow
      overflowMessage = format(bodies)
      announce(region, overflowMessage)
    },
    droppedIn(body, from) {
      if (!region) return
      const format = formatters.current?.onDropIn ?? defaultAnnouncements.onDropIn
      announce(region, format(body, from))
    },
    overflowEnded() {
      if (!region || overflowMessage === null) return
      if (region.textContent === overflowMessage) {
        cancelAnnouncement(region)
        region.textContent = ''
      }
      overflowMessage = null
    },
  }
}
