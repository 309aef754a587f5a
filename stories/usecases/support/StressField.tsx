import { Profiler, useMemo, useRef, useState } from 'react'
import { PhysicsWorld, useAABBBody, useAfterStep, useWorldState } from 'react-aabb'
import { Launch } from './Launch.js'
import { createStoryClock, type StoryClock } from './storyClock.js'

/** Props of {@link StressField}. */
export interface StressFieldProps {
  /** How many bodies move on the board. */
  count: number
  /** @default 800 */
  width?: number
  /** @default 480 */
  height?: number
  /** Speed of the fastest body, CSS pixels per second. @default 180 */
  speed?: number
}

interface Placement {
  id: string
  x: number
  y: number
  size: number
}

/** Bodies start on a grid that fills the board, one per cell, so none overlap at first. */
function gridPlacements(count: number, width: number, height: number): Placement[] {
  const columns = Math.max(1, Math.ceil(Math.sqrt((count * width) / height)))
  const rows = Math.max(1, Math.ceil(count / columns))
  const cell = Math.min(width / columns, height / rows)
  const size = Math.max(2, Math.min(14, Math.floor(cell * 0.6)))
  return Array.from({ length: count }, (_, index) => ({
    id: `stress-${index}`,
    x: (index % columns) * cell + (cell - size) / 2,
    y: Math.floor(index / columns) * cell + (cell - size) / 2,
    size,
  }))
}

/** Golden-angle directions and a cycle of speeds: every run starts the same. */
function launchVelocity(index: number, speed: number): { x: number; y: number } {
  const angle = index * 2.399963
  const scale = speed * (0.4 + 0.6 * (((index * 37) % 100) / 100))
  return { x: Math.cos(angle) * scale, y: Math.sin(angle) * scale }
}

function StressBody({ placement }: { placement: Placement }) {
  const { ref } = useAABBBody<HTMLDivElement>({
    id: placement.id,
    response: 'bounce',
    restitution: 1,
  })
  return (
    <div
      ref={ref}
      style={{
        position: 'absolute',
        left: placement.x,
        top: placement.y,
        width: placement.size,
        height: placement.size,
        background: '#508cff',
      }}
    />
  )
}

/** Smooths a noisy per-frame number (exponential moving average over about 20 frames). */
function smooth(previous: number, sample: number): number {
  return previous === 0 ? sample : previous + (sample - previous) / 20
}

/**
 * Step and frame times, written into the DOM from `useAfterStep`: no React render per
 * frame. The world's clock records when the frame began, so after the write phase
 * `performance.now() - clock.lastReading` is the time of the frame's read, step and write.
 */
function TimingReadout({ clock }: { clock: StoryClock }) {
  const stepText = useRef<HTMLElement>(null)
  const frameText = useRef<HTMLElement>(null)
  const timing = useRef({ step: 0, frame: 0, lastFrameStart: 0 })
  const bodyCount = useWorldState((state) => state.bodyCount)
  useAfterStep(() => {
    const frameStart = clock.lastReading
    const current = timing.current
    current.step = smooth(current.step, performance.now() - frameStart)
    if (current.lastFrameStart > 0 && frameStart > current.lastFrameStart) {
      current.frame = smooth(current.frame, frameStart - current.lastFrameStart)
    }
    current.lastFrameStart = frameStart
    if (stepText.current) stepText.current.textContent = current.step.toFixed(2)
    if (frameText.current) frameText.current.textContent = current.frame.toFixed(1)
  })
  return (
    <p
      style={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: 1,
        margin: 0,
        padding: '4px 8px',
        borderRadius: 6,
        background: 'rgba(29, 34, 48, 0.85)',
        color: '#ffffff',
        font: '13px ui-monospace, monospace',
        pointerEvents: 'none',
      }}
    >
      <span data-testid="body-count">{bodyCount}</span> bodies · read + step + write{' '}
      <strong data-testid="step-ms" ref={stepText}>
        –
      </strong>{' '}
      ms · frame{' '}
      <strong data-testid="frame-ms" ref={frameText}>
        –
      </strong>{' '}
      ms
    </p>
  )
}

/**
 * Many bodies bouncing in a box, for measuring: the readout over the board shows the
 * time each frame spends reading, stepping and writing, and the time between frames.
 */
export function StressField({ count, width = 800, height = 480, speed = 180 }: StressFieldProps) {
  const placements = useMemo(() => gridPlacements(count, width, height), [count, width, height])
  const [clock] = useState(createStoryClock)
  const velocities = useMemo(
    () => new Map(placements.map(({ id }, index) => [id, launchVelocity(index, speed)])),
    [placements, speed],
  )
  // React commits, counted by a Profiler (development builds) and written to an attribute
  // without rendering: the play function checks that moving bodies cause none.
  const commits = useRef(0)
  const counter = useRef<HTMLDivElement>(null)
  const countCommit = () => {
    commits.current++
    counter.current?.setAttribute('data-react-commits', String(commits.current))
  }
  return (
    <div ref={counter} data-testid="stress-field">
      <Profiler id="stress" onRender={countCommit}>
        <PhysicsWorld
          now={clock.now}
          bounds="container"
          role="region"
          aria-label="Stress board"
          style={{ position: 'relative', width, height, background: '#eef1f7', overflow: 'hidden' }}
        >
          {placements.map((placement) => (
            <StressBody key={placement.id} placement={placement} />
          ))}
          <Launch velocities={velocities} />
          <TimingReadout clock={clock} />
        </PhysicsWorld>
      </Profiler>
    </div>
  )
}
