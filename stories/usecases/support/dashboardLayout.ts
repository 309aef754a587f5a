import type { Rect } from 'react-aabb'

/** One card of the dashboard: its id, the title shown (and announced), and where it sits. */
export interface DashboardCardSpec extends Rect {
  id: string
  title: string
}

/** A saved layout: each card's box by id, as `onMoveEnd` reports it (whole pixels). */
export type DashboardLayout = Record<string, Rect>

/** The starting board: mixed sizes, no two cards overlapping, all inside 640 x 400. */
export const dashboardCards: readonly DashboardCardSpec[] = [
  { id: 'chart', title: 'Chart', x: 16, y: 16, width: 240, height: 150 },
  { id: 'notes', title: 'Notes', x: 272, y: 16, width: 160, height: 110 },
  { id: 'tasks', title: 'Tasks', x: 448, y: 16, width: 176, height: 200 },
  { id: 'weather', title: 'Weather', x: 16, y: 182, width: 140, height: 100 },
  { id: 'clock', title: 'Clock', x: 172, y: 182, width: 110, height: 90 },
  { id: 'inbox', title: 'Inbox', x: 298, y: 232, width: 200, height: 120 },
  { id: 'team', title: 'Team', x: 16, y: 298, width: 120, height: 86 },
]

/** A box rounded to whole pixels, so the JSON reads well and compares stably. */
export function roundedRect({ x, y, width, height }: Rect): Rect {
  return {
    x: Math.round(x),
    y: Math.round(y),
    width: Math.round(width),
    height: Math.round(height),
  }
}

/** The layout of a list of cards, as the JSON panel shows it. */
export function layoutOf(cards: readonly DashboardCardSpec[]): DashboardLayout {
  return Object.fromEntries(cards.map((card) => [card.id, roundedRect(card)]))
}
