import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useIsomorphicLayoutEffect } from '../react/useIsomorphicLayoutEffect.js'
import { minkowskiDifference, rayFraction, type Rect, type Vec2 } from '../core/index.js'
import { assertOneOf, assertRectangle, assertVector } from '../core/geometry/validate.js'
import { Arrow } from './Arrow.js'
import { ARTICLE_BOX_LABELS, assertBoxLabels, type BoxLabels } from './boxLabels.js'
import { arrowKeyOffset } from './arrowKeyOffset.js'
import { formatNumber } from './formatNumber.js'
import { Legend } from './Legend.js'
import { LiveReadout } from './LiveReadout.js'
import { palette, widgetRootStyle } from './palette.js'
import { TableScroller } from './tableParts.js'
import { svgPoint } from './svgPoint.js'
import { useStateFromProp } from './useStateFromProp.js'
import { useTextScale } from './useTextScale.js'
import { followWindowDrag } from './windowDrag.js'
import { BoxName } from './BoxName.js'
import { minkowskiLegendItem, minkowskiPaint } from './minkowskiLook.js'

/** Whose point of view the world panel takes: article 003's three velocity figures. */
export type Observer = 'world' | 'a' | 'b'

/** Props of {@link RelativeMotionDemo}. */
export interface RelativeMotionDemoProps {
  /** Box A (origin at the centre of the view, y down). @default { x: -220, y: -40, width: 80, height: 60 } */
  boxA?: Rect | undefined
  /** Box B. @default { x: 100, y: -70, width: 60, height: 120 } */
  boxB?: Rect | undefined
  /** A's motion this frame, `v_A · Δt`. Dragging the tip of A's arrow changes it too. @default { x: 240, y: 20 } */
  motionA?: Vec2 | undefined
  /** B's motion this frame, `v_B · Δt`. @default { x: -120, y: 0 } */
  motionB?: Vec2 | undefined
  /**
   * The world panel's point of view: both boxes moving (`'world'`), riding in A (B moves by
   * `v_B/A = v_B − v_A`) or riding in B (A moves by `v_A/B`). The buttons change it too.
   * @default 'world'
   */
  observer?: Observer | undefined
  /**
   * The names of A and B: drawn on the boxes, said by the live region and written in the
   * legend, the point-of-view buttons and the vector notation (`v_A` reads `v_player` for
   * `{ a: 'player', ... }`).
   * @default { a: 'A', b: 'B' }
   */
  labels?: BoxLabels | undefined
}

const VIEW = 600
// Room around the Minkowski panel's content (user units): the arrowheads and the
// collision point's radius stay inside.
const MINKOWSKI_MARGIN = 40
const DEFAULT_BOX_A: Rect = { x: -220, y: -40, width: 80, height: 60 }
const DEFAULT_BOX_B: Rect = { x: 100, y: -70, width: 60, height: 120 }
const DEFAULT_MOTION_A: Vec2 = { x: 240, y: 20 }
const DEFAULT_MOTION_B: Vec2 = { x: -120, y: 0 }
const OBSERVERS: readonly Observer[] = ['world', 'a', 'b']

/** A point-of-view button's text, with the boxes named by the widget's `labels`. */
function observerLabel(observer: Observer, labels: BoxLabels): string {
  return observer === 'world' ? 'World' : `Riding in ${labels[observer]}`
}

/** A row of the numbers panel: a vector in article 003's notation, and its value. */
function vector(label: string, value: Vec2, testId: string) {
  return (
    <tr data-testid={testId} data-x={value.x} data-y={value.y}>
      <th scope="row" style={{ textAlign: 'left', fontWeight: 'normal', paddingRight: 12 }}>
        {label}
      </th>
      <td>
        ({formatNumber(value.x)}, {formatNumber(value.y)})
      </td>
    </tr>
  )
}

const centre = (rect: Rect): Vec2 => ({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 })
const plus = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x + b.x, y: a.y + b.y })
const minus = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x - b.x, y: a.y - b.y })
const times = (a: Vec2, scale: number): Vec2 => ({ x: a.x * scale, y: a.y * scale })
const moved = (rect: Rect, by: Vec2): Rect => ({ ...rect, x: rect.x + by.x, y: rect.y + by.y })

/**
 * Article 003's relative motion, with two moving boxes: drag the tips of their arrows to set
 * each box's motion this frame. The world panel shows each box moving of its own accord, or
 * the same frame as seen riding in A or in B (the relative velocity `v_B/A = v_B − v_A`).
 * The Minkowski panel shows the article's two tests: the Minkowski box `B − A` moved by
 * `(v_B − v_A) · Δt` covers the origin exactly when the boxes collide this frame; and the
 * ray `(v_A − v_B) · Δt` cast from the origin (green on a hit, red on a miss) meets it at
 * the fraction `h` of the frame where they first touch. Both boxes then move only that far,
 * `p += v · Δt · h` (the dashed boxes).
 *
 * The Minkowski panel grows its view, centred on the origin, until the Minkowski box, its
 * moved copy and the ray all fit: nothing is clipped, whatever the scene. Bad props (a box
 * that is not finite or has a negative size, a non-finite motion, an unknown observer, an
 * empty label) throw an error naming the widget and the prop.
 *
 * @example
 * ```tsx
 * import { RelativeMotionDemo } from 'react-aabb/widgets'
 *
 * <RelativeMotionDemo
 *   boxA={{ x: -200, y: -30, width: 60, height: 60 }}
 *   motionA={{ x: 300, y: 0 }}
 *   observer="a"
 * />
 * ```
 */
export function RelativeMotionDemo({
  boxA = DEFAULT_BOX_A,
  boxB = DEFAULT_BOX_B,
  motionA: motionAProp = DEFAULT_MOTION_A,
  motionB: motionBProp = DEFAULT_MOTION_B,
  observer: observerProp = 'world',
  labels = ARTICLE_BOX_LABELS,
}: RelativeMotionDemoProps) {
  const subject = '<RelativeMotionDemo>:'
  assertRectangle(subject, 'boxA', boxA)
  assertRectangle(subject, 'boxB', boxB)
  assertVector(subject, 'motionA', motionAProp)
  assertVector(subject, 'motionB', motionBProp)
  assertOneOf(subject, 'observer', observerProp, OBSERVERS)
  assertBoxLabels(subject, labels)
  const [motionA, setMotionA] = useStateFromProp(motionAProp)
  const [motionB, setMotionB] = useStateFromProp(motionBProp)
  const [observer, setObserver] = useStateFromProp(observerProp)
  const svgRef = useRef<SVGSVGElement>(null)
  const minkowskiRef = useRef<SVGSVGElement>(null)
  // The box whose arrow tip the pointer holds, if any.
  const [held, setHeld] = useState<'a' | 'b' | null>(null)

  // The arrow each box shows in the world panel: its own motion, or its motion relative to
  // the box the observer rides in (which then stands still).
  const shownA =
    observer === 'world' ? motionA : observer === 'a' ? { x: 0, y: 0 } : minus(motionA, motionB)
  const shownB =
    observer === 'world' ? motionB : observer === 'b' ? { x: 0, y: 0 } : minus(motionB, motionA)

  useIsomorphicLayoutEffect(() => {
    if (!held) return
    // Dragging a tip sets that box's motion in the world: the arrow shown plus the motion of
    // the box the observer rides in.
    const observerMotion = observer === 'a' ? motionA : observer === 'b' ? motionB : { x: 0, y: 0 }
    const move = (event: globalThis.PointerEvent) => {
      const svg = svgRef.current
      if (!svg) return
      const tip = minus(
        svgPoint(svg, event.clientX, event.clientY),
        centre(held === 'a' ? boxA : boxB),
      )
      const motion = plus(tip, observerMotion)
      if (held === 'a') setMotionA(motion)
      else setMotionB(motion)
    }
    return followWindowDrag(move, () => setHeld(null))
  }, [held, boxA, boxB, observer, motionA, motionB, setMotionA, setMotionB])

  // Article 003: md = B − A; it moves by (v_B − v_A) Δt over the frame, and the ray
  // (v_A − v_B) Δt from the origin enters it at the fraction h of the frame (Infinity: no hit).
  const difference = minkowskiDifference(boxB, boxA)
  const relativeBA = minus(motionB, motionA)
  const relativeAB = minus(motionA, motionB)
  const differenceMoved = moved(difference, relativeBA)
  const h = rayFraction({ x: 0, y: 0 }, relativeAB, difference)
  const hits = Number.isFinite(h)
  const collision = hits ? times(relativeAB, h) : undefined
  const atImpactA = hits ? moved(boxA, times(motionA, h)) : undefined
  const atImpactB = hits ? moved(boxB, times(motionB, h)) : undefined

  // Half the Minkowski panel's side: the origin stays at its centre.
  const minkowskiHalf =
    Math.max(
      VIEW / 2,
      ...[difference, differenceMoved].flatMap((rect) => [
        Math.abs(rect.x),
        Math.abs(rect.y),
        Math.abs(rect.x + rect.width),
        Math.abs(rect.y + rect.height),
      ]),
      Math.abs(relativeAB.x),
      Math.abs(relativeAB.y),
    ) + MINKOWSKI_MARGIN
  const minkowskiScale = minkowskiHalf / (VIEW / 2)
  // Text sizes in CSS px, whatever each panel's scale (readable at 320 px wide).
  const worldTextScale = useTextScale(svgRef, VIEW)
  // Article 003's velocities, subscripted with the boxes' names (v_A, v_B by default).
  const vA = `v_${labels.a}`
  const vB = `v_${labels.b}`
  const minkowskiTextScale = useTextScale(minkowskiRef, 2 * minkowskiHalf)

  const grab = (box: 'a' | 'b') => (event: PointerEvent<SVGCircleElement>) => {
    if (event.button !== 0) return
    event.preventDefault()
    event.currentTarget.focus()
    setHeld(box)
  }
  const nudge = (box: 'a' | 'b') => (event: KeyboardEvent<SVGCircleElement>) => {
    const by = arrowKeyOffset(event)
    if (!by) return
    event.preventDefault()
    if (box === 'a') setMotionA(plus(motionA, by))
    else setMotionB(plus(motionB, by))
  }
  const handle = (box: 'a' | 'b', rect: Rect, shown: Vec2) => {
    const tip = plus(centre(rect), shown)
    return (
      <circle
        data-testid={`tip-${box}`}
        role="button"
        tabIndex={0}
        aria-label={`Motion of ${labels[box]} this frame: drag the tip, or use the arrow keys`}
        cx={tip.x}
        cy={tip.y}
        r={8}
        fill={palette.penetration}
        stroke={palette.outline}
        // Only the handles stop touch scrolling: a swipe elsewhere scrolls the page.
        style={{ cursor: 'grab', touchAction: 'none' }}
        onPointerDown={grab(box)}
        onKeyDown={nudge(box)}
      />
    )
  }
  const box = (name: 'a' | 'b', rect: Rect, fill: string) => (
    <g>
      <rect data-testid={`box-${name}`} {...rect} fill={fill} />
      <BoxName box={rect} name={labels[name]} textScale={worldTextScale} />
    </g>
  )
  const ghost = (rect: Rect | undefined, testId: string) =>
    rect && (
      <rect
        data-testid={testId}
        {...rect}
        fill="none"
        stroke={palette.outline}
        strokeDasharray="6 4"
      />
    )
  const panel = {
    width: '100%',
    style: {
      background: palette.background,
      maxWidth: 420,
      display: 'block',
    },
  }

  return (
    <div
      style={{
        ...widgetRootStyle,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
        gap: 16,
        alignItems: 'start',
      }}
    >
      <LiveReadout
        text={`${labels.a} moves (${formatNumber(motionA.x)}, ${formatNumber(motionA.y)}), ${labels.b} moves (${formatNumber(motionB.x)}, ${formatNumber(motionB.y)}): ${hits ? `they touch at h = ${h.toFixed(3)}` : 'no hit this frame'}`}
      />
      <div>
        <div
          role="group"
          aria-label="Point of view"
          style={{ display: 'flex', gap: 8, marginBottom: 8 }}
        >
          {OBSERVERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={observer === value}
              onClick={() => setObserver(value)}
            >
              {observerLabel(value, labels)}
            </button>
          ))}
        </div>
        <svg
          ref={svgRef}
          role="group"
          aria-label="Two moving boxes"
          data-observer={observer}
          viewBox={`${-VIEW / 2} ${-VIEW / 2} ${VIEW} ${VIEW}`}
          {...panel}
        >
          {box('b', boxB, palette.obstacle)}
          {box('a', boxA, hits ? palette.colliding : palette.apart)}
          {ghost(atImpactA, 'impact-a')}
          {ghost(atImpactB, 'impact-b')}
          <Arrow from={centre(boxA)} to={plus(centre(boxA), shownA)} color={palette.moving} />
          <Arrow from={centre(boxB)} to={plus(centre(boxB), shownB)} color={palette.moving} />
          {observer !== 'a' && handle('a', boxA, shownA)}
          {observer !== 'b' && handle('b', boxB, shownB)}
        </svg>
      </div>
      <div>
        <svg
          ref={minkowskiRef}
          role="group"
          aria-label="Minkowski space"
          data-hit={hits}
          viewBox={`${-minkowskiHalf} ${-minkowskiHalf} ${2 * minkowskiHalf} ${2 * minkowskiHalf}`}
          {...panel}
        >
          <rect
            data-testid="minkowski-difference"
            {...difference}
            {...minkowskiPaint}
            strokeWidth={2}
          />
          <rect
            data-testid="minkowski-moved"
            {...differenceMoved}
            fill="none"
            stroke={hits ? palette.colliding : palette.apart}
            strokeDasharray="6 4"
          />
          <Arrow
            from={centre(difference)}
            to={centre(differenceMoved)}
            color={palette.construction}
          />
          <line
            data-testid="ray"
            x1={0}
            y1={0}
            x2={relativeAB.x}
            y2={relativeAB.y}
            stroke={hits ? palette.colliding : palette.apart}
            strokeWidth={3}
          />
          {collision && (
            <circle
              data-testid="collision-point"
              cx={collision.x}
              cy={collision.y}
              r={6}
              fill={palette.penetration}
            />
          )}
          <circle cx={0} cy={0} r={4 * minkowskiScale} fill={palette.origin} />
          <text
            x={6 * minkowskiTextScale}
            y={-8 * minkowskiTextScale}
            fill={palette.origin}
            fontSize={12 * minkowskiTextScale}
          >
            (0, 0)
          </text>
        </svg>
        <Legend
          items={[
            minkowskiLegendItem(`${labels.b} − ${labels.a}`),
            {
              colour: hits ? palette.colliding : palette.apart,
              mark: 'outline',
              label: `${labels.b} − ${labels.a} moved by (${vB} − ${vA})·Δt`,
            },
            {
              colour: hits ? palette.colliding : palette.apart,
              mark: 'line',
              label: `ray (${vA} − ${vB})·Δt (${hits ? 'green: hit' : 'red: miss'})`,
            },
          ]}
        />
      </div>
      <TableScroller>
        <table aria-label="Relative motion">
          <tbody>
            {vector(`${vA} · Δt`, motionA, 'motion-a')}
            {vector(`${vB} · Δt`, motionB, 'motion-b')}
            {vector(
              `v_${labels.b}/${labels.a} · Δt = (${vB} − ${vA}) · Δt`,
              relativeBA,
              'relative-ba',
            )}
            {vector(
              `v_${labels.a}/${labels.b} · Δt = (${vA} − ${vB}) · Δt`,
              relativeAB,
              'relative-ab',
            )}
            <tr data-testid="fraction" data-h={h}>
              <th scope="row" style={{ textAlign: 'left', fontWeight: 'normal', paddingRight: 12 }}>
                h
              </th>
              <td>{hits ? h.toFixed(3) : '∞ (no hit this frame)'}</td>
            </tr>
            {collision && vector('d_collision = h · d', collision, 'collision')}
            {atImpactA && vector(`p_${labels.a} + ${vA} · Δt · h`, atImpactA, 'impact-position-a')}
            {atImpactB && vector(`p_${labels.b} + ${vB} · Δt · h`, atImpactB, 'impact-position-b')}
          </tbody>
        </table>
      </TableScroller>
    </div>
  )
}
