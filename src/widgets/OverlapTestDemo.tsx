import {
  centreBoxOverlaps,
  centreBoxToRect,
  minkowskiDifference,
  overlaps,
  type CentreBox,
  type Rect,
} from '../core/index.js'
import { assertNumberInRange, assertVector, describeValue } from '../core/geometry/validate.js'
import { assertBoxLabels, type BoxLabels } from './boxLabels.js'
import { formatNumber } from './formatNumber.js'
import { Legend } from './Legend.js'
import { palette, widgetRootStyle } from './palette.js'
import { minkowskiLegendItem, minkowskiPaint } from './minkowskiLook.js'

/** Props of {@link OverlapTestDemo}: two boxes in article 001's form (the kernel's `CentreBox`). */
export interface OverlapTestDemoProps {
  /** The first box, in article 001's units. @default a unit box at (0, 0) */
  first?: CentreBox | undefined
  /** The second box. @default a unit box at (1, 0) (they touch) */
  second?: CentreBox | undefined
  /**
   * The names of the first (`a`) and the second (`b`) box, as the legend says them. The
   * article's formulas keep its letters (`c_a`, `r_b`, `overlaps(a, b)`).
   * @default { a: 'first box', b: 'second box' }
   */
  labels?: BoxLabels | undefined
}

const DEFAULT_FIRST: CentreBox = { center: { x: 0, y: 0 }, halfExtents: { x: 0.5, y: 0.5 } }
const DEFAULT_SECOND: CentreBox = { center: { x: 1, y: 0 }, halfExtents: { x: 0.5, y: 0.5 } }
const DEFAULT_LABELS: BoxLabels = { a: 'first box', b: 'second box' }

/** Pixels per unit: article 001's boxes are one unit wide. */
const SCALE = 40
const VIEW = { width: 520, height: 240 }

/**
 * Throws a TypeError or RangeError naming the widget and the prop unless `box` is a
 * `CentreBox` with a finite centre and finite, non-negative half extents.
 */
function assertCentreBox(field: string, box: unknown): void {
  const subject = '<OverlapTestDemo>:'
  if (box === null || typeof box !== 'object') {
    throw new TypeError(
      `${subject} ${field} must be an object { center, halfExtents } (got ${describeValue(box)})`,
    )
  }
  const { center, halfExtents } = box as Record<string, unknown>
  assertVector(subject, `${field}.center`, center)
  const half = assertVector(subject, `${field}.halfExtents`, halfExtents)
  assertNumberInRange(subject, `${field}.halfExtents.x`, half.x, 0)
  assertNumberInRange(subject, `${field}.halfExtents.y`, half.y, 0)
}

/**
 * Article 001's test for boxes stored as centre and half extents (the kernel's
 * `centreBoxOverlaps`): two boxes overlap unless, on some axis, the distance between their
 * centres exceeds the sum of their half extents. Beside it, the library's `overlaps` (edges,
 * touching included) and the Minkowski difference, which covers the origin exactly when both
 * say yes. The per-axis lines spell out the article's comparisons for the reader; a legend
 * names the drawing's colours. Bad boxes (a non-finite centre, negative half extents)
 * throw an error naming the widget and the prop.
 *
 * @example
 * ```tsx
 * import { OverlapTestDemo } from 'react-aabb/widgets'
 *
 * <OverlapTestDemo second={{ center: { x: 1.5, y: 0 }, halfExtents: { x: 0.5, y: 0.5 } }} />
 * ```
 */
export function OverlapTestDemo({
  first = DEFAULT_FIRST,
  second = DEFAULT_SECOND,
  labels = DEFAULT_LABELS,
}: OverlapTestDemoProps) {
  assertCentreBox('first', first)
  assertCentreBox('second', second)
  assertBoxLabels('<OverlapTestDemo>:', labels)
  const a = centreBoxToRect(first)
  const b = centreBoxToRect(second)
  const axes = (['x', 'y'] as const).map((axis) => {
    const distance = Math.abs(first.center[axis] - second.center[axis])
    const reach = first.halfExtents[axis] + second.halfExtents[axis]
    return { axis, distance, reach, separated: distance > reach }
  })
  const centreTest = centreBoxOverlaps(first, second)
  const edgeTest = overlaps(a, b)
  const difference = minkowskiDifference(a, b)
  const scaled = (rect: Rect) => ({
    x: rect.x * SCALE,
    y: rect.y * SCALE,
    width: rect.width * SCALE,
    height: rect.height * SCALE,
  })

  return (
    <div style={{ ...widgetRootStyle, display: 'flex', flexWrap: 'wrap', gap: 16 }}>
      <figure style={{ margin: 0, flex: '1 1 260px', minWidth: 0, maxWidth: VIEW.width }}>
        <svg
          role="img"
          aria-label="Two boxes and their Minkowski difference"
          viewBox={`-120 -${VIEW.height / 2} ${VIEW.width} ${VIEW.height}`}
          width="100%"
          style={{ background: palette.background, maxWidth: VIEW.width, display: 'block' }}
        >
          <rect {...scaled(difference)} {...minkowskiPaint} />
          <rect {...scaled(b)} fill={palette.obstacle} opacity={0.8} />
          <rect
            {...scaled(a)}
            fill={edgeTest ? palette.colliding : palette.apart}
            opacity={0.8}
            stroke={palette.outline}
          />
          <circle cx={0} cy={0} r={3} fill={palette.origin} />
        </svg>
        <Legend
          items={[
            {
              colour: edgeTest ? palette.colliding : palette.apart,
              mark: 'box',
              label: `${labels.a} (${edgeTest ? 'green: overlapping' : 'red: apart'})`,
            },
            { colour: palette.obstacle, mark: 'box', label: labels.b },
            minkowskiLegendItem(`Minkowski difference ${labels.a} − ${labels.b}`),
            { colour: palette.origin, mark: 'dot', label: 'origin' },
          ]}
        />
      </figure>
      <dl data-testid="verdicts" style={{ margin: 0 }}>
        {axes.map(({ axis, distance, reach, separated }) => (
          <div key={axis}>
            <dt>
              |c<sub>a</sub>.{axis} − c<sub>b</sub>.{axis}| ≤ r<sub>a</sub>.{axis} + r<sub>b</sub>.
              {axis}
            </dt>
            <dd>
              {formatNumber(distance)} ≤ {formatNumber(reach)}: {separated ? 'no' : 'yes'}
            </dd>
          </div>
        ))}
        <dt>Centre test (article 001)</dt>
        <dd data-testid="centre-test">{centreTest ? 'overlap' : 'apart'}</dd>
        <dt>
          <code>overlaps(a, b)</code> (edges, touching counts)
        </dt>
        <dd data-testid="edge-test">{edgeTest ? 'overlap' : 'apart'}</dd>
      </dl>
    </div>
  )
}
