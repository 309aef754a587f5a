import type { Layout, Rect } from 'react-aabb'

/** One card of the dashboard: its id, the title shown (and announced), and where it sits. */
export interface DashboardCardSpec extends Rect {
  id: string
  title: string
}

/** The dashboard's grid cell in CSS pixels: every default place and size is a multiple of it. */
export const dashboardCell = 16

/**
 * The starting board: mixed sizes on the 16 px grid inside 640 x 400, at least 16 px apart
 * and from the edges (the dashboard's gap), with room left to drag and push.
 */
export const dashboardCards: readonly DashboardCardSpec[] = [
  { id: 'chart', title: 'Chart', x: 16, y: 16, width: 208, height: 128 },
  { id: 'notes', title: 'Notes', x: 256, y: 16, width: 144, height: 96 },
  { id: 'tasks', title: 'Tasks', x: 448, y: 16, width: 160, height: 176 },
  { id: 'weather', title: 'Weather', x: 16, y: 176, width: 128, height: 96 },
  { id: 'clock', title: 'Clock', x: 176, y: 192, width: 112, height: 80 },
  { id: 'inbox', title: 'Inbox', x: 320, y: 240, width: 192, height: 112 },
  { id: 'team', title: 'Team', x: 16, y: 304, width: 112, height: 80 },
]

/** The layout of a list of cards, as `layout` takes it and the JSON panel shows it. */
export function layoutOf(cards: readonly DashboardCardSpec[]): Layout {
  return Object.fromEntries(
    cards.map(({ id, x, y, width, height }) => [id, { x, y, width, height }]),
  )
}

/** The layout saved under `key` in localStorage, or `null` (none saved, unreadable, or no storage: SSR). */
export function loadLayout(key: string): Layout | null {
  if (typeof localStorage === 'undefined') return null
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(key) ?? 'null')
    return saved !== null && typeof saved === 'object' ? (saved as Layout) : null
  } catch {
    return null
  }
}

/** Saves a layout under `key` (`null` forgets it). */
export function saveLayout(key: string, layout: Layout | null): void {
  if (typeof localStorage === 'undefined') return
  if (layout === null) localStorage.removeItem(key)
  else localStorage.setItem(key, JSON.stringify(layout))
}
