import type { Vec2 } from '../core/index.js'

/** An SVG arrow from `from` to `to`, with its head drawn as a small triangle. */
export function Arrow({ from, to, color }: { from: Vec2; to: Vec2; color: string }) {
  const dx = to.x - from.x
  const dy = to.y - from.y
  const length = Math.hypot(dx, dy)
  if (length === 0) return null
  const ux = dx / length
  const uy = dy / length
  const head = Math.min(10, length)
  // The head's two back corners sit `head` behind the tip, half a head either side.
  const left = { x: to.x - ux * head - uy * head * 0.5, y: to.y - uy * head + ux * head * 0.5 }
  const right = { x: to.x - ux * head + uy * head * 0.5, y: to.y - uy * head - ux * head * 0.5 }
  return (
    <g stroke={color} fill={color}>
      <line x1={from.x} y1={from.y} x2={to.x} y2={to.y} strokeWidth={2} />
      <polygon points={`${to.x},${to.y} ${left.x},${left.y} ${right.x},${right.y}`} />
    </g>
  )
}
