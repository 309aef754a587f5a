import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react'
import {
  minkowskiDifference,
  PhysicsWorld,
  useAABBBody,
  useAfterStep,
  useWorld,
  type BodyType,
  type Rect,
  type Vec2,
  type World,
} from 'react-aabb'
import { formatNumber } from '../../support/formatNumber.js'
import { palette } from '../../support/palette.js'
import { writeRect } from '../../support/svgRect.js'
import { useStateFromProp } from '../../support/useStateFromProp.js'
import { Launch } from './Launch.js'
import { predictImpact, type PredictedImpact } from './nextImpact.js'
import { createStoryClock, type StoryClock } from './storyClock.js'

/** Props of {@link TimeControlDemo}. */
export interface TimeControlDemoProps {
  /**
   * The box's speed, CSS pixels per second: it starts to the right, and a change keeps the
   * direction it is moving in.
   */
  speed: number
  /** World seconds per real second (slow motion below 1); the toolbar's Speed menu changes it too. */
  timeScale: number
  /** Seconds of motion the drawn ray covers: the prediction's horizon. */
  horizon: number
  /** Draw the world's boxes (the library's debug overlay). */
  debug: boolean
}

/** The moving box's id. */
export const boxId = 'box'

/** The scene, in world coordinates (the container's padding box, toolbar included). */
const scene = {
  width: 680,
  toolbarHeight: 48,
  boardHeight: 200,
  box: { x: 120, y: 128, width: 40, height: 40 },
  walls: [
    { id: 'wall-a', label: 'Wall A', rect: { x: 20, y: 88, width: 20, height: 120 } },
    { id: 'wall-b', label: 'Wall B', rect: { x: 620, y: 88, width: 20, height: 120 } },
  ],
} as const

const labels = new Map<string, string>([
  [boxId, 'Box'],
  ...scene.walls.map((wall): [string, string] => [wall.id, wall.label]),
])

function Block({
  id,
  rect,
  type,
  colour,
}: {
  id: string
  rect: Rect
  type: BodyType
  colour: string
}) {
  const { ref } = useAABBBody<HTMLDivElement>({
    id,
    type,
    label: labels.get(id) ?? id,
    ...(type === 'dynamic' && { response: 'bounce', restitution: 1 }),
  })
  return (
    <div
      ref={ref}
      role="img"
      aria-label={labels.get(id)}
      data-testid={id}
      style={{
        position: 'absolute',
        left: rect.x,
        top: rect.y,
        width: rect.width,
        height: rect.height,
        background: colour,
        borderRadius: 3,
      }}
    />
  )
}

const vector = (x: number, y: number) => `(${formatNumber(x)}, ${formatNumber(y)})`

/** The maths of the next impact, written into SVG attributes and text after every step. */
interface MathsElements {
  minkowski: SVGRectElement
  ray: SVGLineElement
  origin: SVGCircleElement
  impact: SVGCircleElement
  text: HTMLElement
}

/** The board's dark panel in world coordinates (below the toolbar). */
const board = { x: 0, y: scene.toolbarHeight, width: scene.width, height: scene.boardHeight }

/**
 * The fraction of the segment from `origin` (inside `rect`) along `delta` that lies inside
 * `rect`: 1 when it ends inside, else the fraction where it leaves through the nearest side
 * (per axis, the distance to the side it moves towards over its component of `delta`).
 */
function exitFraction(origin: Vec2, delta: Vec2, rect: Rect): number {
  const fractionOnAxis = (start: number, step: number, low: number, high: number) =>
    step > 0 ? (high - start) / step : step < 0 ? (low - start) / step : 1
  return Math.max(
    0,
    Math.min(
      1,
      fractionOnAxis(origin.x, delta.x, rect.x, rect.x + rect.width),
      fractionOnAxis(origin.y, delta.y, rect.y, rect.y + rect.height),
    ),
  )
}

/**
 * Draws article 003's picture for the box and whatever it will hit next: the Minkowski
 * difference (other − box) shifted by the box's top-left corner, so the origin sits on
 * that corner and the difference is the other box grown by the box's size; the ray of the
 * box's motion over `horizon` seconds from that corner (green when it enters the
 * difference, red when it misses); and the numbers: one step's move v·Δt, the fraction h
 * of the ray at the entry, and the seconds until impact h·horizon.
 */
function drawMaths(
  elements: MathsElements,
  world: World,
  impact: PredictedImpact | null,
  horizon: number,
): void {
  const box = world.get(boxId)
  const { fixedStep } = world.settings
  const { velocity } = box
  const lines = [
    `box x, y        ${vector(box.x, box.y)} px`,
    `velocity v      ${vector(velocity.x, velocity.y)} px/s`,
    `fixed step Δt   ${formatNumber(fixedStep * 1000)} ms → one step moves v·Δt = ${vector(velocity.x * fixedStep, velocity.y * fixedStep)} px`,
    `ray d = v·${horizon} s  ${vector(velocity.x * horizon, velocity.y * horizon)} px`,
  ]
  const delta = { x: velocity.x * horizon, y: velocity.y * horizon }
  // The ray is drawn on the board only: it stops where it leaves the board's dark panel.
  const shown = exitFraction(box, delta, board)
  const end = { x: box.x + delta.x * shown, y: box.y + delta.y * shown }
  elements.origin.setAttribute('cx', String(box.x))
  elements.origin.setAttribute('cy', String(box.y))
  elements.ray.setAttribute('x1', String(box.x))
  elements.ray.setAttribute('y1', String(box.y))
  elements.ray.setAttribute('x2', String(end.x))
  elements.ray.setAttribute('y2', String(end.y))
  elements.ray.setAttribute('stroke', impact ? palette.colliding : palette.apart)
  elements.minkowski.setAttribute('visibility', impact ? 'visible' : 'hidden')
  elements.impact.setAttribute('visibility', impact ? 'visible' : 'hidden')
  if (impact) {
    const difference = minkowskiDifference(impact.otherBox, box)
    writeRect(elements.minkowski, {
      ...difference,
      x: difference.x + box.x,
      y: difference.y + box.y,
    })
    elements.impact.setAttribute('cx', String(impact.hit.touch.x))
    elements.impact.setAttribute('cy', String(impact.hit.touch.y))
    const { normal } = impact.hit
    lines.push(
      `next hit        ${labels.get(impact.other) ?? impact.other}, normal ${vector(normal.x, normal.y)}`,
      `entry fraction  h = ${impact.hit.time.toFixed(3)} → impact in h·${horizon} s = ${impact.seconds.toFixed(3)} s`,
    )
  } else {
    lines.push(`next hit        none within ${horizon} s`)
  }
  elements.text.textContent = lines.join('\n')
}

const buttonStyle: CSSProperties = {
  font: '13px system-ui, sans-serif',
  whiteSpace: 'nowrap',
  padding: '4px 10px',
  borderRadius: 6,
  border: '1px solid #8a8fa3',
  background: '#ffffff',
  cursor: 'pointer',
}

/**
 * The toolbar and the maths, inside the world so they can use its hooks. Pause, step and
 * slow motion go through the world's API and clock; "freeze at next impact" predicts the
 * next swept hit after every step and, once it falls within the next frame's steps,
 * pauses the world and moves the box to the point of impact.
 */
function TimeControls({
  clock,
  speed,
  horizon,
  timeScale: timeScaleProp,
  paused,
  setPaused,
}: {
  clock: StoryClock
  speed: number
  horizon: number
  timeScale: number
  paused: boolean
  setPaused: (paused: boolean) => void
}) {
  const api = useWorld()
  const [timeScale, setTimeScale] = useStateFromProp(timeScaleProp)
  const [frozenAt, setFrozenAt] = useState<string | null>(null)
  const armed = useRef(false)
  const maths = useRef<MathsElements | null>(null)
  const minkowski = useRef<SVGRectElement>(null)
  const ray = useRef<SVGLineElement>(null)
  const origin = useRef<SVGCircleElement>(null)
  const impactDot = useRef<SVGCircleElement>(null)
  const text = useRef<HTMLPreElement>(null)

  useEffect(() => {
    clock.setScale(timeScale)
  }, [clock, timeScale])

  useAfterStep((_seconds, world) => {
    if (!world.has(boxId)) return
    maths.current ??= {
      minkowski: minkowski.current!,
      ray: ray.current!,
      origin: origin.current!,
      impact: impactDot.current!,
      text: text.current!,
    }
    const impact = predictImpact(world, boxId, horizon)
    drawMaths(maths.current, world, impact, horizon)
    // The next frame runs at most `maxSubSteps` fixed steps: an impact sooner than that
    // would be resolved (and bounced) inside it, so freeze now, at the time of impact.
    const { maxSubSteps, fixedStep } = world.settings
    if (!armed.current || !impact || impact.seconds > maxSubSteps * fixedStep) return
    armed.current = false
    // After this frame has finished: pausing and moving inside it would leave the move unwritten.
    queueMicrotask(() => {
      api.pause()
      api.move(boxId, impact.hit.touch)
      setPaused(true)
      setFrozenAt(labels.get(impact.other) ?? impact.other)
    })
  })

  const freezeAtImpact = () => {
    armed.current = true
    setFrozenAt(null)
    setPaused(false)
  }
  const reset = () => {
    armed.current = false
    setFrozenAt(null)
    api.world.update(boxId, { ...scene.box, velocity: { x: speed, y: 0 } })
    api.wake()
  }

  const status = frozenAt ? `Frozen at impact with ${frozenAt}` : paused ? 'Paused' : 'Running'
  return (
    <>
      <div
        role="toolbar"
        aria-label="Time control"
        style={{
          display: 'flex',
          gap: 8,
          alignItems: 'center',
          height: scene.toolbarHeight,
          overflow: 'hidden',
        }}
      >
        <button type="button" style={buttonStyle} onClick={() => setPaused(!paused)}>
          {paused ? 'Play' : 'Pause'}
        </button>
        <button type="button" style={buttonStyle} disabled={!paused} onClick={() => api.step()}>
          Step one frame
        </button>
        <button type="button" style={buttonStyle} onClick={freezeAtImpact}>
          Freeze at next impact
        </button>
        <button type="button" style={buttonStyle} onClick={reset}>
          Reset
        </button>
        <label style={{ font: '13px system-ui, sans-serif', whiteSpace: 'nowrap' }}>
          Speed{' '}
          <select
            value={timeScale}
            onChange={(event) => setTimeScale(Number(event.target.value))}
            style={{ font: 'inherit' }}
          >
            {[1, 0.5, 0.25, 0.1].map((scale) => (
              <option key={scale} value={scale}>
                {scale}×
              </option>
            ))}
          </select>
        </label>
      </div>
      <output
        aria-label="Status"
        style={{
          position: 'absolute',
          right: 10,
          top: scene.toolbarHeight + 8,
          font: '600 13px system-ui, sans-serif',
          color: palette.text,
        }}
      >
        {status}
      </output>
      {/* The board's background, in the flow: the bodies sit over it, absolutely positioned. */}
      <div style={{ height: scene.boardHeight, background: '#2a3042', borderRadius: 8 }} />
      <svg
        aria-hidden="true"
        style={{
          position: 'absolute',
          left: 0,
          top: 0,
          width: 1,
          height: 1,
          overflow: 'visible',
          pointerEvents: 'none',
        }}
      >
        <rect
          ref={minkowski}
          data-testid="minkowski-difference"
          fill={palette.minkowskiFill}
          stroke={palette.minkowskiStroke}
          strokeDasharray="4 3"
        />
        <line ref={ray} data-testid="ray" strokeWidth={2} />
        <circle ref={impactDot} r={4} fill={palette.penetration} />
        <circle ref={origin} r={3} fill={palette.origin} stroke="#1d2230" />
      </svg>
      <pre
        ref={text}
        role="group"
        aria-label="Maths"
        style={{
          margin: '8px 0 0',
          padding: 10,
          borderRadius: 8,
          background: palette.background,
          color: palette.text,
          font: '12px ui-monospace, monospace',
          whiteSpace: 'pre-wrap',
        }}
      />
    </>
  )
}

/**
 * Time control for teaching: a box bounces between two walls. Pause, step one fixed step,
 * slow the world's clock down, or freeze at the time of impact of the next swept hit,
 * with the Minkowski difference, the motion ray and the numbers drawn over the scene.
 */
export function TimeControlDemo({ speed, timeScale, horizon, debug }: TimeControlDemoProps) {
  const [clock] = useState(createStoryClock)
  const [paused, setPaused] = useState(false)
  const velocities = useMemo(() => new Map([[boxId, { x: speed, y: 0 }]]), [speed])
  return (
    <PhysicsWorld
      paused={paused}
      now={clock.now}
      debug={debug}
      role="group"
      aria-label="Time control world"
      style={{ position: 'relative', width: scene.width }}
    >
      <TimeControls
        clock={clock}
        speed={speed}
        horizon={horizon}
        timeScale={timeScale}
        paused={paused}
        setPaused={setPaused}
      />
      {scene.walls.map(({ id, rect }) => (
        <Block key={id} id={id} rect={rect} type="static" colour={palette.obstacle} />
      ))}
      <Block id={boxId} rect={scene.box} type="dynamic" colour={palette.moving} />
      <Launch velocities={velocities} />
    </PhysicsWorld>
  )
}
