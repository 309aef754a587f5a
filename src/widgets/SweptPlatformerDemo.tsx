import { useRef, useState, type KeyboardEvent } from 'react'
import { useIsomorphicLayoutEffect } from '../react/useIsomorphicLayoutEffect.js'
import type { Rect } from '../core/index.js'
import { assertNumberInRange, assertPositive, assertRectangle } from '../core/geometry/validate.js'
import { startAnimationLoop } from './animationLoop.js'
import { insetView, pointAlong, rectInView, rectPartInView, segmentInView } from './clipToView.js'
import { formatNumber } from './formatNumber.js'
import { assertBoxLabels, type BoxLabels } from './boxLabels.js'
import { Legend } from './Legend.js'
import { LiveReadout } from './LiveReadout.js'
import { palette, widgetRootStyle } from './palette.js'
import { stepPlatformer, type PlatformerBody, type PlatformerSettings } from './platformerStep.js'
import { writeRect } from './svgRect.js'
import { usePrefersReducedMotion } from './usePrefersReducedMotion.js'
import { useStateFromProp } from './useStateFromProp.js'
import { minkowskiLegendItem, minkowskiPaint } from './minkowskiLook.js'

/** The speed buttons: how many times faster than real time each frame's step is. */
export const PLATFORMER_SPEEDS = [1, 5, 25, 100] as const

/** Props of {@link SweptPlatformerDemo}. */
export interface SweptPlatformerDemoProps {
  /**
   * Simulated time per frame, as a multiple of 1/60 s. At 100 the box moves hundreds of
   * pixels per frame, far more than the platform is thick. The speed buttons change it too.
   * @default 1
   */
  speed?: number | undefined
  /**
   * The static platform (origin at the centre of the view, y down).
   * @default { x: -150, y: 150, width: 300, height: 10 }
   */
  platform?: Rect | undefined
  /** Gravity, px/s². @default 900 */
  gravity?: number | undefined
  /** Width and height of the falling box, px. @default 20 */
  boxSize?: number | undefined
  /**
   * The names of the falling box (`a`) and the platform (`b`), as the legend, the readout
   * and the announcements say them.
   * @default { a: 'box', b: 'platform' }
   */
  labels?: BoxLabels | undefined
}

const DEFAULT_PLATFORM: Rect = { x: -150, y: 150, width: 300, height: 10 }
const DEFAULT_LABELS: BoxLabels = { a: 'box', b: 'platform' }

const VIEW = 500
const FRAME_SECONDS = 1 / 60
const MOVES = { runSpeed: 180, jumpSpeed: 480 }
/** What the player can do: the keys and the on-screen buttons both press these. */
type Move = 'left' | 'right' | 'jump'
const KEY_MOVES: Readonly<Record<string, Move>> = {
  KeyA: 'left',
  ArrowLeft: 'left',
  KeyD: 'right',
  ArrowRight: 'right',
  KeyW: 'jump',
  ArrowUp: 'jump',
}
/** The on-screen controls, for touch and pointer users (and Tab, Enter or Space). */
const MOVE_BUTTONS: ReadonlyArray<{ move: Move; label: string; text: string }> = [
  { move: 'left', label: 'Move left', text: '◀' },
  { move: 'jump', label: 'Jump', text: 'Jump' },
  { move: 'right', label: 'Move right', text: '▶' },
]
const RAY_WIDTH = 3
/** Where the motion ray may be drawn: the view less half the ray's stroke. */
const RAY_VIEW = insetView({ x: -VIEW / 2, y: -VIEW / 2, width: VIEW, height: VIEW }, RAY_WIDTH / 2)
const MINKOWSKI_STROKE = 2
/** Where the Minkowski box may be drawn: the view less half its stroke. */
const MINKOWSKI_VIEW = insetView(
  { x: -VIEW / 2, y: -VIEW / 2, width: VIEW, height: VIEW },
  MINKOWSKI_STROKE / 2,
)
const ORIGIN = { x: 0, y: 0 }
const IMPACT_RADIUS = 4
/** Where the impact dot's centre may be: the view less the dot's radius. */
const IMPACT_VIEW = insetView(
  { x: -VIEW / 2, y: -VIEW / 2, width: VIEW, height: VIEW },
  IMPACT_RADIUS,
)

/**
 * Article 003's platformer demo: a small box falls onto a thin platform and never tunnels
 * through it at any speed, because every frame its motion is swept against the platform
 * (ray versus Minkowski box) instead of tested for overlap at the frame's end. Drawn as in
 * the article: the Minkowski box platform − box (blue), the origin (white dot) and this
 * frame's motion as a ray from the origin, green when it hits the Minkowski box and red
 * when it misses; the yellow dot marks the time of impact on the ray. W jumps, A and D
 * move (focus the scene first); on a phone, or by Tab, the buttons under the scene do the
 * same.
 *
 * The simulation runs in an animation-frame loop with a fixed step and writes the SVG
 * through refs: React renders only when a prop changes. With `prefers-reduced-motion:
 * reduce` it starts paused: the first frame is drawn and "Play" starts the loop. A polite
 * live region announces each landing (the hit that stops the fall) and each pause. Bad
 * props (not finite, a negative size or gravity, a speed of 0) throw an error naming the
 * widget and the prop.
 *
 * @example
 * ```tsx
 * import { SweptPlatformerDemo } from 'react-aabb/widgets'
 *
 * <SweptPlatformerDemo speed={25} platform={{ x: -100, y: 120, width: 200, height: 4 }} />
 * ```
 */
export function SweptPlatformerDemo({
  speed: speedProp = 1,
  platform = DEFAULT_PLATFORM,
  gravity = 900,
  boxSize = 20,
  labels = DEFAULT_LABELS,
}: SweptPlatformerDemoProps) {
  const subject = '<SweptPlatformerDemo>:'
  assertPositive(subject, 'speed', speedProp)
  assertRectangle(subject, 'platform', platform)
  assertNumberInRange(subject, 'gravity', gravity, 0)
  assertPositive(subject, 'boxSize', boxSize)
  assertBoxLabels(subject, labels)
  const platformName = labels.b
  const [speed, setSpeed] = useStateFromProp(speedProp)
  const reducedMotion = usePrefersReducedMotion()
  // null until the user presses Play or Pause: then their choice, whatever the preference.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null)
  const playing = playChoice ?? !reducedMotion
  const playingRef = useRef(playing)
  const svgRef = useRef<SVGSVGElement>(null)
  const boxRef = useRef<SVGRectElement>(null)
  const minkowskiRef = useRef<SVGRectElement>(null)
  const rayRef = useRef<SVGLineElement>(null)
  const impactRef = useRef<SVGCircleElement>(null)
  const readoutRef = useRef<HTMLParagraphElement>(null)
  const speedRef = useRef(speed)
  // Moves held down (by key or button), and a jump pressed since the last frame (a tap
  // shorter than a frame counts).
  const held = useRef(new Set<Move>())
  const jumpPressed = useRef(false)
  const dropRequested = useRef(false)
  // What the live region says: set when the box lands and when the run pauses or plays,
  // never per frame (the readout in the scene changes every frame).
  const [announcement, setAnnouncement] = useState('')

  useIsomorphicLayoutEffect(() => {
    speedRef.current = speed
    playingRef.current = playing
  }, [speed, playing])

  const { x: platformX, y: platformY, width: platformWidth, height: platformHeight } = platform
  useIsomorphicLayoutEffect(() => {
    const svg = svgRef.current
    const boxElement = boxRef.current
    const minkowskiElement = minkowskiRef.current
    const ray = rayRef.current
    const impact = impactRef.current
    const readout = readoutRef.current
    if (!svg || !boxElement || !minkowskiElement || !ray || !impact || !readout) return
    const ground: Rect = {
      x: platformX,
      y: platformY,
      width: platformWidth,
      height: platformHeight,
    }
    const settings: PlatformerSettings = { gravity, ...MOVES }
    const spawn = (): PlatformerBody => ({
      box: {
        x: ground.x + ground.width / 2 - boxSize / 2,
        y: -VIEW / 2 + 10,
        width: boxSize,
        height: boxSize,
      },
      velocity: { x: 0, y: 0 },
      grounded: false,
    })
    let body = spawn()
    let drawn = false
    let wasGrounded = false

    return startAnimationLoop(() => {
      // Paused: draw the first frame (a step of no time), then leave the scene alone.
      if (!playingRef.current && drawn) return
      drawn = true
      // A box that walked off the platform falls out of view: drop a new one.
      if (dropRequested.current || body.box.y > VIEW / 2 + 50) body = spawn()
      dropRequested.current = false
      const moves = held.current
      const dt = playingRef.current ? FRAME_SECONDS * speedRef.current : 0
      const input = {
        left: moves.has('left'),
        right: moves.has('right'),
        jump: jumpPressed.current || moves.has('jump'),
      }
      jumpPressed.current = false
      const frame = stepPlatformer(body, input, ground, dt, settings)

      writeRect(boxElement, body.box)
      // While the box falls from the top the Minkowski box lies partly below the view: its
      // visible part is drawn, the whole box is in data-rect ("x y width height").
      const minkowskiShown = rectPartInView(frame.minkowski, MINKOWSKI_VIEW)
      if (minkowskiShown) writeRect(minkowskiElement, minkowskiShown)
      minkowskiElement.setAttribute('visibility', minkowskiShown ? 'visible' : 'hidden')
      const { x, y, width, height } = frame.minkowski
      minkowskiElement.dataset.rect = `${x} ${y} ${width} ${height}`
      // The whole motion is in data-motion-x/y; the line stops where it leaves the view
      // (at the fastest speed a frame's motion is thousands of px long).
      const shown = segmentInView(ORIGIN, frame.motion, RAY_VIEW)
      const tip = pointAlong(ORIGIN, frame.motion, shown ? shown[1] : 0)
      ray.setAttribute('x2', String(tip.x))
      ray.setAttribute('y2', String(tip.y))
      ray.dataset.motionX = String(frame.motion.x)
      ray.dataset.motionY = String(frame.motion.y)
      ray.setAttribute('stroke', frame.hit ? palette.colliding : palette.apart)
      // data-hit says whether the ray hit; the dot is drawn when the hit lies in the view.
      impact.dataset.hit = String(frame.hit !== null)
      const impactPoint = frame.hit ? pointAlong(ORIGIN, frame.motion, frame.hit.time) : null
      if (impactPoint) {
        impact.setAttribute('cx', String(impactPoint.x))
        impact.setAttribute('cy', String(impactPoint.y))
      }
      const impactShown =
        impactPoint !== null && rectInView(IMPACT_VIEW, { ...impactPoint, width: 0, height: 0 })
      impact.setAttribute('visibility', impactShown ? 'visible' : 'hidden')
      svg.dataset.grounded = String(body.grounded)
      const length = Math.hypot(frame.motion.x, frame.motion.y)
      readout.textContent =
        `motion this frame ${formatNumber(length)} px, ${platformName} ${formatNumber(ground.height)} px thick: ` +
        (frame.hit ? `hit at t = ${frame.hit.time.toFixed(2)}` : 'miss')
      if (body.grounded && !wasGrounded)
        setAnnouncement(`Landed on the ${platformName}: ${readout.textContent}`)
      wasGrounded = body.grounded
    })
  }, [platformX, platformY, platformWidth, platformHeight, gravity, boxSize, platformName])

  const press = (move: Move) => {
    if (move === 'jump') jumpPressed.current = true
    held.current.add(move)
  }
  const release = (move: Move) => held.current.delete(move)
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const move = KEY_MOVES[event.code]
    if (!move) return
    event.preventDefault()
    if (event.repeat) held.current.add(move)
    else press(move)
  }
  const onKeyUp = (event: KeyboardEvent<SVGSVGElement>) => {
    const move = KEY_MOVES[event.code]
    if (move) release(move)
  }
  // A button is held while a pointer presses it, or while Enter or Space is down on it.
  const isButtonKey = (event: KeyboardEvent<HTMLButtonElement>) =>
    event.key === 'Enter' || event.key === ' '

  return (
    <div style={widgetRootStyle}>
      <LiveReadout text={announcement} />
      <div
        role="group"
        aria-label="Speed"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginBottom: 6 }}
      >
        <button
          type="button"
          onClick={() => {
            setPlayChoice(!playing)
            setAnnouncement(
              playing
                ? `Paused: ${readoutRef.current?.textContent ?? ''}`
                : `Playing at ${speed}× speed`,
            )
          }}
        >
          {playing ? 'Pause' : 'Play'}
        </button>
        {PLATFORMER_SPEEDS.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === speed}
            onClick={() => setSpeed(option)}
            style={{ fontWeight: option === speed ? 'bold' : 'normal' }}
          >
            {option}×
          </button>
        ))}
        <button
          type="button"
          onClick={() => {
            dropRequested.current = true
          }}
        >
          Drop again
        </button>
      </div>
      {/* Written every frame through the ref: HTML, so it keeps its size at any width. */}
      <p ref={readoutRef} data-testid="readout" style={{ margin: '0 0 6px', minHeight: '1.2em' }} />
      <svg
        ref={svgRef}
        role="application"
        aria-label="Swept platformer: W jumps, A and D move"
        tabIndex={0}
        viewBox={`${-VIEW / 2} ${-VIEW / 2} ${VIEW} ${VIEW}`}
        width="100%"
        style={{ background: palette.background, display: 'block', maxWidth: VIEW }}
        onPointerDown={(event) => event.currentTarget.focus()}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
        onBlur={() => held.current.clear()}
      >
        <rect
          ref={minkowskiRef}
          data-testid="minkowski-box"
          {...minkowskiPaint}
          strokeWidth={MINKOWSKI_STROKE}
        />
        <rect data-testid="platform" {...platform} fill={palette.obstacle} />
        <rect ref={boxRef} data-testid="player" fill={palette.moving} stroke={palette.outline} />
        <line ref={rayRef} data-testid="motion-ray" x1={0} y1={0} strokeWidth={RAY_WIDTH} />
        <circle
          ref={impactRef}
          data-testid="impact"
          r={IMPACT_RADIUS}
          fill={palette.penetration}
          visibility="hidden"
        />
        <circle cx={0} cy={0} r={4} fill={palette.origin} />
      </svg>
      <div
        role="group"
        aria-label="Controls"
        style={{ display: 'flex', gap: 6, marginTop: 6, maxWidth: VIEW }}
      >
        {MOVE_BUTTONS.map(({ move, label, text }) => (
          <button
            key={move}
            type="button"
            aria-label={label}
            data-testid={`control-${move}`}
            // Holding a button must not scroll, zoom or select the page on a phone.
            style={{ flex: 1, padding: '10px 0', touchAction: 'none', userSelect: 'none' }}
            onPointerDown={() => press(move)}
            onPointerUp={() => release(move)}
            onPointerCancel={() => release(move)}
            onPointerLeave={() => release(move)}
            onKeyDown={(event) => {
              if (!isButtonKey(event) || event.repeat) return
              event.preventDefault()
              press(move)
            }}
            onKeyUp={(event) => {
              if (isButtonKey(event)) release(move)
            }}
            onBlur={() => release(move)}
          >
            {text}
          </button>
        ))}
      </div>
      <Legend
        items={[
          minkowskiLegendItem(`${labels.b} − ${labels.a}`),
          { colour: palette.origin, mark: 'dot', label: 'origin' },
          { colour: palette.colliding, mark: 'line', label: "this frame's motion: hit" },
          { colour: palette.apart, mark: 'line', label: 'miss' },
          { colour: palette.penetration, mark: 'dot', label: 'time of impact' },
        ]}
      />
      <p style={{ margin: '6px 0 0', color: palette.mutedText }}>
        Click the scene, then W jumps, A and D move; or use the buttons.
      </p>
    </div>
  )
}
