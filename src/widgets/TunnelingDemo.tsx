import { createRef, useRef, useState, type RefObject } from 'react'
import { useIsomorphicLayoutEffect } from '../react/useIsomorphicLayoutEffect.js'
import type { Rect } from '../core/index.js'
import {
  assertFiniteNumber,
  assertNumberInRange,
  assertPositive,
  assertRectangle,
} from '../core/geometry/validate.js'
import { startAnimationLoop } from './animationLoop.js'
import { pointAlong, rectInView, segmentInView } from './clipToView.js'
import { formatNumber } from './formatNumber.js'
import { LiveReadout } from './LiveReadout.js'
import { palette, widgetRootStyle } from './palette.js'
import { writeRect } from './svgRect.js'
import { usePrefersReducedMotion } from './usePrefersReducedMotion.js'
import { useTextScale } from './useTextScale.js'
import { stepDiscrete, stepSwept, type SteppedBody } from './tunnelingStep.js'
import { assertBoxLabels, type BoxLabels } from './boxLabels.js'

/** Props of {@link TunnelingDemo}. */
export interface TunnelingDemoProps {
  /** How far the box moves per simulation step, px. @default 90 */
  speed?: number | undefined
  /** Thickness of the wall, px. @default 6 */
  wallThickness?: number | undefined
  /** Animation frames per simulation step: higher is slower to watch. @default 12 */
  framesPerStep?: number | undefined
  /**
   * The box at the start of a run, in the panel's units (420 × 180, y down); it moves right.
   * @default { x: 40, y: 80, width: 20, height: 20 }
   */
  start?: Rect | undefined
  /** Where the wall's left face stands, in the panel's units. @default 300 */
  wallX?: number | undefined
  /**
   * The names of the moving box (`a`) and the wall (`b`), as the caption and the
   * announcements say them.
   * @default { a: 'box', b: 'wall' }
   */
  labels?: BoxLabels | undefined
}

const WIDTH = 420
const HEIGHT = 180
const DEFAULT_START: Rect = { x: 40, y: 80, width: 20, height: 20 }
// A run ends when both boxes stopped or left the panel; this caps it for tiny speeds.
const MAX_STEPS = 200
// Step numbers closer than this (CSS px, times the text scale) to the last one drawn are
// left out, so that slow runs (steps of a few px) do not print them on top of each other.
const STEP_LABEL_SPACING = 24
/** The step numbers' size, CSS px (see useTextScale). */
const STEP_LABEL_PX = 12
const SVG_NS = 'http://www.w3.org/2000/svg'
/** The panel's view in user units: what is drawn stays inside it. */
const VIEW: Rect = { x: 0, y: 0, width: WIDTH, height: HEIGHT }
const DEFAULT_LABELS: BoxLabels = { a: 'box', b: 'wall' }

/** How a run ended for one box, in words for the announcement, the wall called `wall`. */
function outcomeWords(outcome: 'passed-through' | 'stopped' | 'moving', wall: string): string {
  if (outcome === 'passed-through') return `passed through the ${wall}`
  return outcome === 'stopped' ? `stopped at the ${wall}` : 'still moving'
}

/** The thin wall both boxes move toward. */
function wallRect(x: number, thickness: number): Rect {
  return { x, y: 30, width: thickness, height: 120 }
}

/** The elements one panel's run writes to. */
interface PanelRefs {
  box: RefObject<SVGRectElement | null>
  trail: RefObject<SVGGElement | null>
  readout: RefObject<HTMLParagraphElement | null>
  panel: RefObject<SVGSVGElement | null>
}

/** A panel's refs, created once per component instance (stable across renders). */
function usePanelRefs(): PanelRefs {
  const [refs] = useState(() => ({
    box: createRef<SVGRectElement>(),
    trail: createRef<SVGGElement>(),
    readout: createRef<HTMLParagraphElement>(),
    panel: createRef<SVGSVGElement>(),
  }))
  return refs
}

/**
 * Article 003's tunnelling figure, live: the same fast box moves toward a thin wall twice.
 * Left, discrete detection only: the box is tested for overlap at the end of each step (the
 * outlines are those samples); none lands inside the wall, so it passes through. Right,
 * swept detection: each step's motion is ray-cast against the wall's Minkowski box, and the
 * box stops at the time of impact. The discrete test only stops the box reliably when a
 * step is shorter than half the box's width plus the wall's thickness: a sample more than
 * halfway in is pushed out on the far side.
 *
 * "Run" animates the steps in an animation-frame loop that writes the SVG through refs and
 * stops itself when both boxes are done; "Step" advances one step by hand. Nothing moves
 * before the user presses one of them. With `prefers-reduced-motion: reduce`, "Run" shows
 * the finished run at once instead of animating it. A polite live region announces each
 * step's findings and how a run ended (never the frames in between). Bad props (not
 * finite, a negative size, a speed or frame count of 0) throw an error naming the widget
 * and the prop.
 *
 * @example
 * ```tsx
 * import { TunnelingDemo } from 'react-aabb/widgets'
 *
 * <TunnelingDemo speed={120} wallThickness={10} />
 * ```
 */
export function TunnelingDemo({
  speed = 90,
  wallThickness = 6,
  framesPerStep = 12,
  start = DEFAULT_START,
  wallX = 300,
  labels = DEFAULT_LABELS,
}: TunnelingDemoProps) {
  const subject = '<TunnelingDemo>:'
  assertPositive(subject, 'speed', speed)
  assertNumberInRange(subject, 'wallThickness', wallThickness, 0)
  assertPositive(subject, 'framesPerStep', framesPerStep)
  assertRectangle(subject, 'start', start)
  assertFiniteNumber(subject, 'wallX', wallX)
  assertBoxLabels(subject, labels)
  const wallName = labels.b
  const rootRef = useRef<HTMLDivElement>(null)
  const discrete = usePanelRefs()
  const swept = usePanelRefs()
  // Set by the layout effect for the current props; the buttons call them.
  const controls = useRef<{ run: () => void; stepOnce: () => void } | null>(null)
  const wall = wallRect(wallX, wallThickness)
  const { x: startX, y: startY, width: startWidth, height: startHeight } = start
  // What the live region says: set on a step and at a run's end only, never per frame.
  const [announcement, setAnnouncement] = useState('')
  const reducedMotion = usePrefersReducedMotion()
  const reducedMotionRef = useRef(reducedMotion)
  // Both panels have the same size: the step numbers take the discrete one's scale.
  const textScale = useTextScale(discrete.panel, WIDTH)
  const textScaleRef = useRef(textScale)
  useIsomorphicLayoutEffect(() => {
    reducedMotionRef.current = reducedMotion
    textScaleRef.current = textScale
  }, [reducedMotion, textScale])

  useIsomorphicLayoutEffect(() => {
    const root = rootRef.current
    if (!root) return
    const wallBox = wallRect(wallX, wallThickness)
    const fresh = (): SteppedBody => ({
      box: { x: startX, y: startY, width: startWidth, height: startHeight },
      motion: { x: speed, y: 0 },
    })
    let bodies = { discrete: fresh(), swept: fresh() }
    let steps = 0
    let stopLoop: (() => void) | null = null

    const isDone = (body: SteppedBody) => body.motion.x === 0 || body.box.x >= WIDTH
    const outcome = (body: SteppedBody) =>
      body.box.x >= wallBox.x + wallBox.width
        ? 'passed-through'
        : body.motion.x === 0
          ? 'stopped'
          : 'moving'
    const setPhase = (phase: 'ready' | 'running' | 'done') => {
      root.dataset.phase = phase
    }

    // Each panel's step advances its body and says what the step's test found.
    const stepDiscretePanel = (body: SteppedBody) =>
      stepDiscrete(body, wallBox)
        ? `step ${steps}: overlap at the step's end, pushed out`
        : `step ${steps}: no overlap at the step's end`
    const stepSweptPanel = (body: SteppedBody) => {
      const hit = stepSwept(body, wallBox)
      return hit
        ? `step ${steps}: ray hits at t = ${hit.time.toFixed(2)}, stopped there`
        : `step ${steps}: ray misses, full step`
    }
    const panels = () =>
      [
        { name: 'Discrete', refs: discrete, body: bodies.discrete, step: stepDiscretePanel },
        { name: 'Swept', refs: swept, body: bodies.swept, step: stepSweptPanel },
      ] as const
    // Each panel's readout line after the last step, for the step's announcement.
    const lines = new Map<string, string>()
    const announceStep = () =>
      setAnnouncement(
        panels()
          .map(({ name }) => `${name}: ${lines.get(name)}.`)
          .join(' '),
      )
    const announceEnd = () =>
      setAnnouncement(
        `Run over after ${steps} steps. ` +
          panels()
            .map(
              ({ name, body }) =>
                `${name}: ${outcomeWords(outcome(body), wallName)} (x = ${formatNumber(body.box.x)}).`,
            )
            .join(' '),
      )

    const reset = () => {
      stopLoop?.()
      stopLoop = null
      bodies = { discrete: fresh(), swept: fresh() }
      steps = 0
      for (const { refs, body } of panels()) {
        refs.trail.current?.replaceChildren()
        delete refs.trail.current?.dataset.lastLabelX
        draw(refs, body, 'ready: press Run or Step')
        refs.panel.current?.setAttribute('data-outcome', outcome(body))
      }
      setPhase('ready')
    }

    const advance = () => {
      steps++
      for (const { name, refs, body, step } of panels()) {
        if (!isDone(body)) {
          const from = { ...body.box }
          const status = step(body)
          mark(refs, from, body.box, steps, textScaleRef.current)
          lines.set(name, draw(refs, body, status))
        }
        refs.panel.current?.setAttribute('data-outcome', outcome(body))
      }
      const done = (isDone(bodies.discrete) && isDone(bodies.swept)) || steps >= MAX_STEPS
      setPhase(done ? 'done' : 'running')
      return !done
    }

    controls.current = {
      run: () => {
        reset()
        if (reducedMotionRef.current) {
          // No animation: every step at once, the finished run drawn in one go.
          while (advance());
          announceEnd()
          return
        }
        setPhase('running')
        let frame = 0
        stopLoop = startAnimationLoop(() => {
          frame++
          // Keep looping between steps; on a step's frame, loop while a box still moves.
          if (frame % framesPerStep !== 0) return true
          const going = advance()
          if (!going) announceEnd()
          return going
        })
      },
      stepOnce: () => {
        stopLoop?.()
        stopLoop = null
        if (root.dataset.phase === 'done') reset()
        if (advance()) announceStep()
        else announceEnd()
      },
    }
    reset()
    return () => {
      stopLoop?.()
      controls.current = null
    }
  }, [
    speed,
    wallThickness,
    framesPerStep,
    startX,
    startY,
    startWidth,
    startHeight,
    wallX,
    wallName,
    discrete,
    swept,
  ])

  return (
    <div ref={rootRef} style={widgetRootStyle}>
      <LiveReadout text={announcement} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginBottom: 6 }}>
        <button type="button" onClick={() => controls.current?.run()}>
          Run
        </button>
        <button type="button" onClick={() => controls.current?.stepOnce()}>
          Step
        </button>
        <span style={{ alignSelf: 'center' }}>
          {speed} px per step against a {wallThickness} px {labels.b} and a {startWidth} px{' '}
          {labels.a}
        </span>
      </div>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
          gap: 12,
        }}
      >
        <TunnelPanel
          title="Discrete: overlap test at each step's end"
          wall={wall}
          elements={discrete}
        />
        <TunnelPanel title="Swept: ray against the Minkowski box" wall={wall} elements={swept} />
      </div>
    </div>
  )
}

/** One side of the comparison: the wall, the box, its trail of step-end samples, a readout. */
function TunnelPanel({
  title,
  wall,
  elements: { panel: panelRef, trail: trailRef, box: boxRef, readout: readoutRef },
}: {
  title: string
  wall: Rect
  elements: PanelRefs
}) {
  return (
    // Title and readout in HTML: they keep their size however narrow the panel gets.
    <figure style={{ margin: 0, maxWidth: WIDTH }}>
      <figcaption style={{ fontWeight: 'bold', marginBottom: 4 }}>{title}</figcaption>
      <svg
        ref={panelRef}
        role="img"
        aria-label={title}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        style={{ background: palette.background, display: 'block' }}
      >
        <rect data-testid="wall" {...wall} fill={palette.obstacle} />
        <g ref={trailRef} />
        <rect ref={boxRef} data-testid="mover" fill={palette.moving} stroke={palette.outline} />
      </svg>
      <p
        ref={readoutRef}
        style={{ margin: '4px 0 0', minHeight: '2.4em', color: palette.mutedText }}
      />
    </figure>
  )
}

/**
 * Writes a body's box (hidden once it left the panel) and a status line into its panel;
 * returns the line.
 */
function draw(refs: PanelRefs, body: SteppedBody, status: string): string {
  if (refs.box.current) {
    writeRect(refs.box.current, body.box)
    refs.box.current.setAttribute('visibility', rectInView(VIEW, body.box) ? 'visible' : 'hidden')
  }
  const where = rectInView(VIEW, body.box) ? '' : ', past the panel'
  const line = `${status} (x = ${formatNumber(body.box.x)}${where})`
  if (refs.readout.current) refs.readout.current.textContent = line
  return line
}

/**
 * Leaves an outline where the box ended a step (the only places a discrete test looks) and
 * a line for the step's motion from `from` to `to`. What lies past the panel (the last step
 * of a box that passed through) is left out: the line stops at the panel's edge.
 */
function mark(refs: PanelRefs, from: Rect, to: Rect, step: number, textScale: number) {
  const trail = refs.trail.current
  if (!trail) return
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 }
  const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 }
  const shown = segmentInView(start, end, VIEW)
  if (shown) {
    const [lineFrom, lineTo] = [pointAlong(start, end, shown[0]), pointAlong(start, end, shown[1])]
    const path = document.createElementNS(SVG_NS, 'line')
    path.setAttribute('x1', String(lineFrom.x))
    path.setAttribute('y1', String(lineFrom.y))
    path.setAttribute('x2', String(lineTo.x))
    path.setAttribute('y2', String(lineTo.y))
    path.setAttribute('stroke', palette.mutedText)
    path.setAttribute('stroke-opacity', '0.6')
    trail.append(path)
  }
  if (!rectInView(VIEW, to)) return
  const outline = document.createElementNS(SVG_NS, 'rect')
  writeRect(outline, to)
  outline.setAttribute('fill', 'none')
  outline.setAttribute('stroke', palette.moving)
  outline.setAttribute('stroke-dasharray', '3 3')
  outline.setAttribute('data-testid', 'step-sample')
  const label = document.createElementNS(SVG_NS, 'text')
  label.setAttribute('x', String(to.x + to.width / 2))
  label.setAttribute('y', String(to.y - 6 * textScale))
  label.setAttribute('text-anchor', 'middle')
  label.setAttribute('fill', palette.mutedText)
  label.setAttribute('font-size', String(STEP_LABEL_PX * textScale))
  label.textContent = String(step)
  trail.append(outline)
  const labelX = to.x + to.width / 2
  const lastLabelX = Number(trail.dataset.lastLabelX ?? -Infinity)
  if (Math.abs(labelX - lastLabelX) >= STEP_LABEL_SPACING * textScale) {
    trail.append(label)
    trail.dataset.lastLabelX = String(labelX)
  }
}
