import { rayFraction, type Rect, type Vec2 } from '../core/index.js'

/**
 * The part of the segment `from` -> `to` inside `view`, as the fractions `[enter, exit]` of
 * the segment (0 <= enter < exit <= 1), or null when no part of it is inside. Built on the
 * kernel's ray test (article 003's ray against a box): `enter` is where the segment cast
 * forwards enters the view, `exit` is one minus where it enters cast backwards from `to`.
 * The demos draw only this part, so nothing they draw runs past their panel.
 */
export function segmentInView(from: Vec2, to: Vec2, view: Rect): [number, number] | null {
  const delta = { x: to.x - from.x, y: to.y - from.y }
  const enter = rayFraction(from, delta, view)
  if (enter === Infinity) return null
  const exit = 1 - rayFraction(to, { x: -delta.x, y: -delta.y }, view)
  return exit > enter ? [enter, exit] : null
}

/** The point at fraction `t` of the segment `from` -> `to`. */
export function pointAlong(from: Vec2, to: Vec2, t: number): Vec2 {
  return { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }
}

/**
 * An SVG path (`M`/`L` commands) drawing the polyline `points` clipped to `view`: the pieces
 * outside are left out, so a trajectory that leaves the panel and comes back is drawn as
 * separate pieces. An empty string when nothing is inside.
 */
export function polylineInView(points: readonly Vec2[], view: Rect): string {
  let path = ''
  let penAt: Vec2 | null = null
  for (let k = 1; k < points.length; k++) {
    const from = points[k - 1] as Vec2
    const to = points[k] as Vec2
    const inside = segmentInView(from, to, view)
    if (!inside) {
      penAt = null
      continue
    }
    const start = pointAlong(from, to, inside[0])
    const end = pointAlong(from, to, inside[1])
    if (!penAt || penAt.x !== start.x || penAt.y !== start.y) path += `M${start.x},${start.y}`
    path += `L${end.x},${end.y}`
    penAt = inside[1] === 1 ? to : null
  }
  return path
}

/** `view` shrunk by `margin` on every side (room for a stroke or a dot's radius). */
export function insetView(view: Rect, margin: number): Rect {
  return {
    x: view.x + margin,
    y: view.y + margin,
    width: Math.max(0, view.width - 2 * margin),
    height: Math.max(0, view.height - 2 * margin),
  }
}

/** Whether `rect` lies wholly inside `view` (edges included). */
export function rectInView(view: Rect, rect: Rect): boolean {
  return (
    rect.x >= view.x &&
    rect.y >= view.y &&
    rect.x + rect.width <= view.x + view.width &&
    rect.y + rect.height <= view.y + view.height
  )
}

/** The part of `rect` inside `view`, or null when they share no area. */
export function rectPartInView(rect: Rect, view: Rect): Rect | null {
  const left = Math.max(rect.x, view.x)
  const top = Math.max(rect.y, view.y)
  const right = Math.min(rect.x + rect.width, view.x + view.width)
  const bottom = Math.min(rect.y + rect.height, view.y + view.height)
  return right > left && bottom > top
    ? { x: left, y: top, width: right - left, height: bottom - top }
    : null
}
