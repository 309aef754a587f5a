/**
 * The browser benchmark page (issue 4): `?n=1000` renders a `<PhysicsWorld>` with N HTML
 * bodies of the node benchmark's seeded "boxes" scene (bench/scene.ts), bouncing off each
 * other and the container's walls with no gravity, and exposes `window.bench` to the
 * runner (bench/browser/run.js).
 */
import { currentFrame, nextFrame, recordFrames, type FrameRecord } from './frameTimer.js'
import { Profiler, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { PhysicsWorld, useAABBBody, useAfterStep, useWorld, type WorldApi } from 'react-aabb'
import { createScene, type SceneBox } from '../scene.js'

/** What one recording of the page measured. */
export interface PageRecord extends FrameRecord {
  /** React commits under the `<Profiler>` around the world while recording. */
  commits: number
  /** Frames the world's loop ran while recording (after-step calls). */
  worldFrames: number
  /** Bodies whose position changed while recording. */
  movedBodies: number
}

/** The page's handle for the runner. */
export interface BenchPage {
  bodyCount: number
  /** Resolves once the bodies are measured and moving. */
  ready: Promise<void>
  record(frames: number): Promise<PageRecord>
  /** Commits the `<Profiler>` saw up to now (the mount's, at least: proves it reports). */
  commits(): number
  /**
   * A control for the trace: in one animation frame, writes an element's width and reads
   * its height back, the pattern that forces a synchronous layout.
   */
  forceLayoutOnce(): Promise<void>
}

declare global {
  interface Window {
    bench?: BenchPage
  }
}

const bodyCount = Number(new URLSearchParams(location.search).get('n') ?? '1000')
if (!Number.isInteger(bodyCount) || bodyCount < 1) {
  throw new RangeError(`bench page: n must be a positive integer (got ${bodyCount})`)
}
const scene = createScene('boxes', bodyCount)
const ids = scene.boxes.map((_, index) => `body-${index}`)

let commits = 0
let worldFrames = 0

function BenchBody({ id, box }: { id: string; box: SceneBox }) {
  // Elastic bounces keep the scene moving, so the loop never goes idle while measured.
  const { ref } = useAABBBody<HTMLDivElement>({ id, response: 'bounce', restitution: 1 })
  return (
    <div
      ref={ref}
      className="bench-body"
      style={{ left: box.x, top: box.y, width: box.width, height: box.height }}
    />
  )
}

function WorldHandle({ onApi }: { onApi: (api: WorldApi) => void }) {
  const api = useWorld()
  useAfterStep(() => {
    worldFrames++
  })
  useEffect(() => onApi(api), [api, onApi])
  return null
}

let resolveApi: (api: WorldApi) => void = () => {}
const apiReady = new Promise<WorldApi>((resolve) => (resolveApi = resolve))

createRoot(document.getElementById('root')!).render(
  <Profiler id="world" onRender={() => commits++}>
    <PhysicsWorld
      gravity={{ x: 0, y: 0 }}
      bounds="container"
      style={{ position: 'relative', width: scene.side, height: scene.side }}
    >
      <WorldHandle onApi={resolveApi} />
      {scene.boxes.map((box, index) => (
        <BenchBody key={ids[index]} id={ids[index]!} box={box} />
      ))}
    </PhysicsWorld>
  </Profiler>,
)

async function start(): Promise<WorldApi> {
  const api = await apiReady
  // Two frames: the bodies registered in layout effects are measured and in the world.
  await nextFrame()
  await nextFrame()
  scene.boxes.forEach((box, index) => {
    api.world.update(ids[index]!, { velocity: { x: box.vx, y: box.vy } })
  })
  // Times the physics inside the frame; the rest of the frame's script is writing elements.
  const step = api.world.step.bind(api.world)
  api.world.step = (seconds) => {
    const begin = performance.now()
    const steps = step(seconds)
    const frame = currentFrame()
    if (frame) {
      frame.stepMs += performance.now() - begin
      frame.fixedSteps += steps
    }
    return steps
  }
  api.wake()
  return api
}

const started = start()

function positions(api: WorldApi): Array<[number, number]> {
  return ids.map((id) => {
    const body = api.world.get(id)
    return [body.x, body.y]
  })
}

window.bench = {
  bodyCount,
  commits: () => commits,
  async forceLayoutOnce() {
    await nextFrame()
    const probe = document.createElement('div')
    document.body.append(probe)
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => {
        probe.style.width = '10px'
        probe.textContent = String(probe.offsetHeight)
        probe.remove()
        resolve()
      }),
    )
  },
  ready: started.then(() => undefined),
  async record(frames) {
    const api = await started
    const before = positions(api)
    const commitsBefore = commits
    const worldFramesBefore = worldFrames
    const frameRecord = await recordFrames(frames)
    const after = positions(api)
    return {
      ...frameRecord,
      commits: commits - commitsBefore,
      worldFrames: worldFrames - worldFramesBefore,
      movedBodies: after.filter(
        ([x, y], index) => x !== before[index]![0] || y !== before[index]![1],
      ).length,
    }
  },
}
