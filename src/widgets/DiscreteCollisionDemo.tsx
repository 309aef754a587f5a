import { type KeyboardEvent, type PointerEvent } from 'react'
import {
  minkowskiDifference,
  overlaps,
  penetrationVector,
  type Rect,
  type Vec2,
} from '../core/index.js'
import { assertPositive, assertRectangle, assertVector } from '../core/geometry/validate.js'
import { Arrow } from './Arrow.js'
import { assertBoxLabels, type BoxLabels } from './boxLabels.js'
import { arrowKeyOffset } from './arrowKeyOffset.js'
import { Legend } from './Legend.js'
import { palette, widgetRootStyle } from './palette.js'
import { svgPoint } from './svgPoint.js'
import { useStateFromProp } from './useStateFromProp.js'
import { minkowskiLegendItem, minkowskiPaint } from './minkowskiLook.js'

/** Props of {@link DiscreteCollisionDemo}. */
export interface DiscreteCollisionDemoProps {
  /**
   * The large, static box, in the demo's coordinates (origin at the centre, y down).
   * @default { x: -100, y: -60, width: 200, height: 120 }
   */
  obstacle?: Rect | undefined
  /** Width and height of the small box that follows the pointer. @default 60 */
  size?: number | undefined
  /**
   * Apply the penetration vector to the small box, so it can never enter the large one
   * (article 000's second demo, "no_penetrate").
   * @default false
   */
  pushOut?: boolean | undefined
  /**
   * Where the small box's centre starts, in the demo's coordinates. The default puts it
   * apart from the obstacle, above its left corner and 20 px clear of it, so that the
   * Minkowski difference opens whole inside the view for the default obstacle and size.
   * @default { x: obstacle.x - 10, y: obstacle.y - size / 2 - 20 }
   */
  start?: Vec2 | undefined
  /**
   * The names of the box you move (`a`) and the obstacle (`b`), as the legend and the
   * scene's accessible name say them.
   * @default { a: 'your box', b: 'obstacle' }
   */
  labels?: BoxLabels | undefined
}

const VIEW = 500
const DEFAULT_OBSTACLE: Rect = { x: -100, y: -60, width: 200, height: 120 }
const DEFAULT_LABELS: BoxLabels = { a: 'your box', b: 'obstacle' }

/**
 * Article 000's demos: a small box follows the pointer (or moves with the arrow keys once
 * the demo has focus) over a larger one. The Minkowski
 * difference of the two (blue) covers the origin (white dot) exactly when they collide; the
 * small box turns green then, and the penetration vector, the closest point of the
 * difference's bounds to the origin, is drawn as an arrow from the origin. A legend under
 * the figure names its colours. A bad `obstacle` or `size` (not finite, negative) throws an
 * error naming the widget and the prop.
 *
 * The difference drawn is obstacle minus follower (article 003's `boxB.minkowskiDifference(boxA)`):
 * moving the follower by a vector moves that box the opposite way, so the closest point of its
 * bounds is exactly the follower's penetration vector, and the arrow ends on the blue edge.
 *
 * @example
 * ```tsx
 * import { DiscreteCollisionDemo } from 'react-aabb/widgets'
 *
 * <DiscreteCollisionDemo obstacle={{ x: -80, y: -80, width: 160, height: 160 }} size={40} pushOut />
 * ```
 */
export function DiscreteCollisionDemo({
  obstacle = DEFAULT_OBSTACLE,
  size = 60,
  pushOut = false,
  start,
  labels = DEFAULT_LABELS,
}: DiscreteCollisionDemoProps) {
  assertRectangle('<DiscreteCollisionDemo>:', 'obstacle', obstacle)
  assertPositive('<DiscreteCollisionDemo>:', 'size', size)
  if (start !== undefined) assertVector('<DiscreteCollisionDemo>:', 'start', start)
  assertBoxLabels('<DiscreteCollisionDemo>:', labels)
  // Follows the `start` prop (a Storybook control) until the pointer or the keys move it.
  const [moved, setPointer] = useStateFromProp<Vec2 | undefined>(start)
  const pointer = moved ?? { x: obstacle.x - 10, y: obstacle.y - size / 2 - 20 }
  const follower: Rect = {
    x: pointer.x - size / 2,
    y: pointer.y - size / 2,
    width: size,
    height: size,
  }
  const difference = minkowskiDifference(obstacle, follower)
  const penetration = penetrationVector(follower, obstacle)
  const colliding = overlaps(follower, obstacle)
  const shown =
    pushOut && penetration
      ? { ...follower, x: follower.x + penetration.x, y: follower.y + penetration.y }
      : follower
  // A mouse moves the box by hovering; a finger puts it where it touches and drags it from
  // there (the box alone takes `touch-action: none`, so a swipe elsewhere scrolls the page).
  const followPointer = (event: PointerEvent<SVGSVGElement>) =>
    setPointer(svgPoint(event.currentTarget, event.clientX, event.clientY))
  // The keyboard's way to the same demo: the arrow keys move the point the box follows.
  const moveWithKeys = (event: KeyboardEvent<SVGSVGElement>) => {
    const move = arrowKeyOffset(event)
    if (!move) return
    event.preventDefault()
    setPointer({ x: pointer.x + move.x, y: pointer.y + move.y })
  }

  const readout = colliding
    ? `colliding: penetration (${penetration?.x.toFixed(1)}, ${penetration?.y.toFixed(1)})`
    : 'apart: the Minkowski difference misses the origin'

  return (
    <div style={widgetRootStyle}>
      {/* Above the figure in HTML (readable at any width), and a polite live region: what
          a drag or an arrow key changed is read out to screen-reader users too. */}
      <p data-testid="readout" aria-live="polite" style={{ margin: '0 0 6px', minHeight: '1.2em' }}>
        {readout}
      </p>
      <svg
        role="application"
        aria-label={`Minkowski difference demo: move ${labels.a} with the pointer or the arrow keys`}
        tabIndex={0}
        data-colliding={colliding}
        viewBox={`${-VIEW / 2} ${-VIEW / 2} ${VIEW} ${VIEW}`}
        width="100%"
        style={{
          background: palette.background,
          cursor: 'crosshair',
          maxWidth: VIEW,
          display: 'block',
        }}
        onPointerMove={followPointer}
        onPointerDown={followPointer}
        onKeyDown={moveWithKeys}
      >
        <rect data-testid="minkowski-difference" {...difference} {...minkowskiPaint} />
        <rect data-testid="obstacle" {...obstacle} fill={palette.obstacle} />
        <rect
          data-testid="follower"
          {...shown}
          fill={colliding ? palette.colliding : palette.apart}
          stroke={palette.outline}
          strokeWidth={1}
          style={{ touchAction: 'none' }}
        />
        {penetration && (
          <g data-testid="penetration" data-x={penetration.x} data-y={penetration.y}>
            <Arrow from={{ x: 0, y: 0 }} to={penetration} color={palette.penetration} />
          </g>
        )}
        <circle cx={0} cy={0} r={4} fill={palette.origin} />
      </svg>
      <Legend
        items={[
          { colour: palette.obstacle, mark: 'box', label: labels.b },
          {
            colour: colliding ? palette.colliding : palette.apart,
            mark: 'box',
            label: `${labels.a} (${colliding ? 'green: colliding' : 'red: apart'})`,
          },
          minkowskiLegendItem(`Minkowski difference ${labels.b} − ${labels.a}`),
          { colour: palette.origin, mark: 'dot', label: 'origin' },
          { colour: palette.penetration, mark: 'line', label: 'penetration vector' },
        ]}
      />
    </div>
  )
}
