import { useRef } from 'react'
import type { KinematicState, Vec2 } from '../core/index.js'
import { insetView, polylineInView, rectInView } from './clipToView.js'
import { palette } from './palette.js'
import { useTextScale } from './useTextScale.js'

/** Props of {@link PhasePortrait}. */
export interface PhasePortraitProps {
  /** The integrator's name, shown as the panel's title. */
  title: string
  /** The trajectory so far as (x, v) points; the last one is the current state. */
  trail: readonly Vec2[]
  /** Where the exact motion is at the same time. */
  exact: KinematicState
  /** The spring's angular frequency √k, which scales the velocity axis. */
  omega: number
}

/** Panel units per unit of position: the start (x = 1) sits this far right of the centre. */
export const PHASE_SCALE = 40
const HALF_VIEW = 130
const SIZE = 220
const VIEW = { x: -HALF_VIEW, y: -HALF_VIEW, width: 2 * HALF_VIEW, height: 2 * HALF_VIEW }
const TRAIL_WIDTH = 1.5
/** Where the trail may run: the view less half its stroke. */
const TRAIL_VIEW = insetView(VIEW, TRAIL_WIDTH / 2)

/** Whether a dot of `radius` (stroke included) at `centre` is wholly inside the view. */
function dotInView(centre: Vec2, radius: number): boolean {
  const size = 2 * radius
  return rectInView(VIEW, { x: centre.x - radius, y: centre.y - radius, width: size, height: size })
}

/**
 * A point of phase space in the panel's user units: x to the right, v / ω up. In these
 * axes a state's squared distance from the centre is proportional to its energy
 * (v² + k·x²) / 2, so the exact motion goes round the dashed circle of the start's
 * energy, and any integrator's gain or loss shows as leaving it.
 */
function phasePoint(x: number, v: number, omega: number): Vec2 {
  return { x: clampToDrawable(x * PHASE_SCALE), y: clampToDrawable((-v / omega) * PHASE_SCALE) }
}

/**
 * Chrome rejects SVG coordinates beyond the float range, which explicit Euler passes at the
 * controls' largest k and dt. A point this far out is off the panel anyway, and one step
 * moves outwards by a factor of at most √(1 + k·dt²), so no visible segment is bent.
 */
const FAR = 1e6
function clampToDrawable(value: number): number {
  return Math.min(FAR, Math.max(-FAR, value))
}

/**
 * One integrator's trajectory in phase space, against the exact motion: the dashed circle
 * is the start's energy, the ring is where the exact solution is now, the dot where the
 * integrator is. The trail is drawn up to the panel's edges; a state beyond them is not
 * drawn (explicit Euler leaves the panel at large k·dt²).
 */
export function PhasePortrait({ title, trail, exact, omega }: PhasePortraitProps) {
  const points = trail.map(({ x, y: v }) => phasePoint(x, v, omega))
  const current = points[points.length - 1]
  const svgRef = useRef<SVGSVGElement>(null)
  const textScale = useTextScale(svgRef, 2 * HALF_VIEW)
  const exactPoint = phasePoint(exact.position.x, exact.velocity.x, omega)
  return (
    // The title in HTML and the axis names in CSS px: readable however narrow the panel.
    <figure style={{ margin: 0, maxWidth: SIZE }}>
      <figcaption style={{ marginBottom: 4 }}>{title}</figcaption>
      <svg
        ref={svgRef}
        role="img"
        aria-label={`${title}: trajectory in phase space`}
        viewBox={`${-HALF_VIEW} ${-HALF_VIEW} ${2 * HALF_VIEW} ${2 * HALF_VIEW}`}
        width="100%"
        style={{ background: palette.background, display: 'block' }}
      >
        <line x1={-HALF_VIEW} x2={HALF_VIEW} y1={0} y2={0} stroke={palette.mutedText} />
        <line x1={0} x2={0} y1={-HALF_VIEW} y2={HALF_VIEW} stroke={palette.mutedText} />
        <text
          x={HALF_VIEW - 8}
          y={-6 * textScale}
          textAnchor="end"
          fill={palette.mutedText}
          fontSize={12 * textScale}
        >
          x
        </text>
        <text
          x={6 * textScale}
          y={-HALF_VIEW + 16 * textScale}
          fill={palette.mutedText}
          fontSize={12 * textScale}
        >
          v / ω
        </text>
        <circle
          data-testid="start-energy"
          r={PHASE_SCALE}
          fill="none"
          stroke={palette.mutedText}
          strokeDasharray="4 4"
        />
        <path
          data-testid="trail"
          d={polylineInView(points, TRAIL_VIEW)}
          fill="none"
          stroke={palette.moving}
          strokeWidth={TRAIL_WIDTH}
        />
        <circle
          data-testid="exact-state"
          cx={exactPoint.x}
          cy={exactPoint.y}
          r={6}
          fill="none"
          stroke={palette.text}
          visibility={dotInView(exactPoint, 6.5) ? 'visible' : 'hidden'}
        />
        {current && (
          <circle
            data-testid="integrator-state"
            cx={current.x}
            cy={current.y}
            r={4}
            fill={palette.moving}
            visibility={dotInView(current, 4) ? 'visible' : 'hidden'}
          />
        )}
      </svg>
    </figure>
  )
}
