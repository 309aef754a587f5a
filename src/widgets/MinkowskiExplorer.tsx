import { useMemo, useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { useIsomorphicLayoutEffect } from '../react/useIsomorphicLayoutEffect.js'
import {
  minkowskiDifference,
  overlaps,
  penetrationVector,
  type Rect,
  type Vec2,
} from '../core/index.js'
import { assertFiniteNumber, assertRectangle } from '../core/geometry/validate.js'
import { Arrow } from './Arrow.js'
import { ARTICLE_BOX_LABELS, assertBoxLabels, type BoxLabels } from './boxLabels.js'
import { formatNumber } from './formatNumber.js'
import { LiveReadout } from './LiveReadout.js'
import { arrowKeyOffset } from './arrowKeyOffset.js'
import { MinkowskiEquations } from './MinkowskiEquations.js'
import { boundingBox, cornerCopies } from './minkowskiConstruction.js'
import { palette, widgetRootStyle } from './palette.js'
import { svgPoint } from './svgPoint.js'
import { useStateFromProp } from './useStateFromProp.js'
import { useTextScale } from './useTextScale.js'
import { followWindowDrag } from './windowDrag.js'
import { BoxName } from './BoxName.js'
import { minkowskiPaint } from './minkowskiLook.js'

/** Steps of article 002's construction: one per corner of B, then the filled difference. */
export const CONSTRUCTION_STEPS = 5

/** Props of {@link MinkowskiExplorer}. */
export interface MinkowskiExplorerProps {
  /**
   * Box A, the one you drag: its size, and where it starts (origin at the centre, y down).
   * Changing its `x` or `y` moves A there; dragging moves it on from there.
   * @default { x: 110, y: -190, width: 80, height: 60 }
   */
  box?: Rect | undefined
  /** Box B, which stays put. @default { x: -40, y: -20, width: 140, height: 90 } */
  obstacle?: Rect | undefined
  /**
   * How far article 002's construction of A - B has gone: 0 shows the difference as article
   * 000's demo does; 1 to 4 add the copies of A moved by minus each corner of B; 5 fills
   * the space between the copies. The on-screen buttons change it too.
   * @default 0
   */
  step?: number | undefined
  /**
   * The names of A and B: drawn on the boxes, said by the live region and written in the
   * captions and the equations ("player − wall", "player.top − wall.bottom").
   * @default { a: 'A', b: 'B' }
   */
  labels?: BoxLabels | undefined
}

const VIEW = 600
const DEFAULT_BOX: Rect = { x: 110, y: -190, width: 80, height: 60 }
const DEFAULT_OBSTACLE: Rect = { x: -40, y: -20, width: 140, height: 90 }

/** Each step's caption, with the boxes named by the widget's `labels`. */
function stepCaption(step: number, { a, b }: BoxLabels): string {
  switch (step) {
    case 0:
      return `Drag box ${a} (or focus it and use the arrow keys). The blue box is the Minkowski difference ${a} − ${b}: every point of ${a} minus every point of ${b}. It covers the origin exactly when ${a} and ${b} overlap; then the dashed yellow box is ${a} moved by the penetration vector, the shortest way out.`
    case 1:
      return `Subtract the bottom-left corner of ${b} from every point of ${a}: ${a} moves by minus that corner (the yellow arrow).`
    case 2:
      return `Subtract the top-left corner: the same copy again, shifted down by the height of ${b}.`
    case 3:
      return `Subtract the top-right corner: shifted left by the width of ${b}.`
    case 4:
      return 'Subtract the bottom-right corner: the four copies mark the extremes of the difference.'
    default:
      return `Fill in between the copies: this box is ${a} − ${b}, with each edge one subtraction of an edge of ${a} and an edge of ${b}.`
  }
}

/**
 * Articles 000 and 002 in one widget: drag box A over box B and watch their Minkowski
 * difference A − B (blue) and the origin (white dot); A turns green while the difference
 * covers the origin, which is exactly when the boxes overlap. The steps rebuild the
 * difference corner by corner as article 002 does, and the side panel shows each edge's
 * subtraction with live numbers. Bad props (a box that is not finite or has a negative
 * size, an empty label) throw an error naming the widget and the prop.
 *
 * @example
 * ```tsx
 * import { MinkowskiExplorer } from 'react-aabb/widgets'
 *
 * <MinkowskiExplorer box={{ x: 0, y: -150, width: 60, height: 60 }} step={5} />
 * ```
 */
export function MinkowskiExplorer({
  box = DEFAULT_BOX,
  obstacle = DEFAULT_OBSTACLE,
  step: stepProp = 0,
  labels = ARTICLE_BOX_LABELS,
}: MinkowskiExplorerProps) {
  const subject = '<MinkowskiExplorer>:'
  assertRectangle(subject, 'box', box)
  assertRectangle(subject, 'obstacle', obstacle)
  assertFiniteNumber(subject, 'step', stepProp)
  assertBoxLabels(subject, labels)
  const [step, setStep] = useStateFromProp(stepProp)
  // A drag or the keys move A; a new `box.x` or `box.y` from the controls puts it there.
  const start = useMemo<Vec2>(() => ({ x: box.x, y: box.y }), [box.x, box.y])
  const [position, setPosition] = useStateFromProp(start)
  const svgRef = useRef<SVGSVGElement>(null)
  // Text sizes in CSS px, whatever the figure's scale (readable at 320 px wide).
  const textScale = useTextScale(svgRef, VIEW)
  const px = (size: number) => size * textScale
  // Pointer offset inside A while dragging, null otherwise.
  const grab = useRef<Vec2 | null>(null)

  // Window listeners so a drag keeps going when the pointer leaves the box or the <svg>.
  // A layout effect: a play function may drag before passive effects run (static build).
  useIsomorphicLayoutEffect(() => {
    const move = (event: globalThis.PointerEvent) => {
      const svg = svgRef.current
      if (!grab.current || !svg) return
      const pointer = svgPoint(svg, event.clientX, event.clientY)
      setPosition({ x: pointer.x - grab.current.x, y: pointer.y - grab.current.y })
    }
    return followWindowDrag(move, () => {
      grab.current = null
    })
    // `setPosition` is a useState setter: stable, so the listeners are added once.
  }, [setPosition])

  const a: Rect = { ...position, width: box.width, height: box.height }
  const b = obstacle
  const difference = minkowskiDifference(a, b)
  const colliding = overlaps(a, b)
  // While they overlap: where the penetration vector (article 002) puts A, touching B.
  const push = colliding ? penetrationVector(a, b) : null
  const pushedOut = push && { ...a, x: a.x + push.x, y: a.y + push.y }
  const shownStep = Math.max(0, Math.min(CONSTRUCTION_STEPS, Math.round(step)))
  const copies = cornerCopies(a, b)
  const shownCopies = shownStep === 0 ? [] : copies.slice(0, Math.min(shownStep, copies.length))
  const current = shownStep >= 1 && shownStep <= copies.length ? copies[shownStep - 1] : undefined

  const startDrag = (event: PointerEvent<SVGRectElement>) => {
    const svg = svgRef.current
    if (!svg || event.button !== 0) return
    event.preventDefault()
    event.currentTarget.focus()
    const pointer = svgPoint(svg, event.clientX, event.clientY)
    grab.current = { x: pointer.x - position.x, y: pointer.y - position.y }
  }
  const moveWithKeys = (event: KeyboardEvent<SVGRectElement>) => {
    const move = arrowKeyOffset(event)
    if (!move) return
    event.preventDefault()
    setPosition({ x: position.x + move.x, y: position.y + move.y })
  }

  return (
    <div
      style={{
        ...widgetRootStyle,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 16,
        alignItems: 'flex-start',
      }}
    >
      <LiveReadout
        text={`${labels.a} at (${formatNumber(a.x)}, ${formatNumber(a.y)}), ${colliding ? `overlapping ${labels.b}` : `apart from ${labels.b}`}`}
      />
      <svg
        ref={svgRef}
        role="group"
        aria-label="Minkowski difference explorer"
        data-colliding={colliding}
        data-step={shownStep}
        viewBox={`${-VIEW / 2} ${-VIEW / 2} ${VIEW} ${VIEW}`}
        width="100%"
        style={{
          maxWidth: 500,
          display: 'block',
          background: palette.background,
        }}
      >
        {shownStep === 0 && (
          <rect
            data-testid="minkowski-difference"
            {...difference}
            {...minkowskiPaint}
            strokeWidth={2}
          />
        )}
        {shownStep === CONSTRUCTION_STEPS && (
          <ConstructionUnion
            union={boundingBox(copies.map(({ copy }) => copy))}
            textScale={textScale}
          />
        )}
        {shownCopies.map(({ corner, copy }) => (
          <rect
            key={corner}
            data-testid={`corner-copy-${corner}`}
            {...copy}
            fill="none"
            stroke={palette.construction}
            strokeWidth={copy === current?.copy ? 2.5 : 1.5}
            strokeDasharray={copy === current?.copy ? undefined : '6 4'}
          />
        ))}
        <rect data-testid="box-b" {...b} fill={palette.obstacle} />
        <BoxName box={b} name={labels.b} textScale={textScale} />
        <rect
          data-testid="box-a"
          role="button"
          tabIndex={0}
          aria-label={`Box ${labels.a}: drag it, or move it with the arrow keys`}
          {...a}
          fill={colliding ? palette.colliding : palette.apart}
          stroke={palette.outline}
          // Only the handle stops touch scrolling: a swipe elsewhere scrolls the page.
          style={{ cursor: 'grab', touchAction: 'none' }}
          onPointerDown={startDrag}
          onKeyDown={moveWithKeys}
        />
        <BoxName box={a} name={labels.a} textScale={textScale} />
        {/* The copies' names over the boxes, which would hide them (box A lies over one copy
            where it starts); they let the pointer through to box A. Subtracting B's left
            corners puts a copy right of the others, and its bottom corners above them: each
            name sits at its copy's outer side, and the two names of a row on lines of their
            own (the copies of a row overlap, and at 358 px two names did not fit side by
            side). The last step names the filled difference's edges instead: at 358 px the
            copies' names ran into the edges' and the origin's. */}
        {shownStep < CONSTRUCTION_STEPS &&
          shownCopies.map(({ corner, copy }) => {
            const onRight = corner.endsWith('left')
            const onTop = corner.startsWith('bottom')
            // Top row: the right copy's name on the first line, the left one's below it;
            // bottom row: the left copy's name on the last line, the right one's above it.
            const line = onTop ? (onRight ? 0 : 1) : onRight ? -1 : 0
            return (
              <text
                key={corner}
                data-testid={`corner-copy-name-${corner}`}
                x={onRight ? copy.x + copy.width - px(4) : copy.x + px(4)}
                y={(onTop ? copy.y + px(13) : copy.y + copy.height - px(4)) + line * px(14)}
                textAnchor={onRight ? 'end' : 'start'}
                fill={palette.construction}
                fontSize={px(11)}
                pointerEvents="none"
              >
                {labels.a} − {corner}
              </text>
            )
          })}
        {pushedOut && (
          <g>
            <rect
              data-testid="a-pushed-out"
              {...pushedOut}
              fill="none"
              stroke={palette.penetration}
              strokeDasharray="6 4"
            />
            <Arrow
              from={{ x: a.x + a.width / 2, y: a.y + a.height / 2 }}
              to={{ x: pushedOut.x + a.width / 2, y: pushedOut.y + a.height / 2 }}
              color={palette.penetration}
            />
          </g>
        )}
        {current && (
          <>
            <circle cx={current.point.x} cy={current.point.y} r={5} fill={palette.penetration} />
            <Arrow from={a} to={current.copy} color={palette.penetration} />
          </>
        )}
        <circle data-testid="origin" cx={0} cy={0} r={4} fill={palette.origin} />
        <text x={px(6)} y={px(-8)} fill={palette.origin} fontSize={px(12)}>
          (0, 0)
        </text>
      </svg>
      <div
        style={{
          // Beside the drawing it takes the rest of the row (the corners table is about
          // 600 px wide: a fixed 420 px cut it off with room to spare); never wider than the
          // widget, so on a narrow screen its tables scroll inside rather than overflow.
          flex: '1 1 420px',
          maxWidth: '100%',
          minWidth: 0,
        }}
      >
        <div
          role="group"
          aria-label="Construction steps"
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
        >
          <button type="button" disabled={shownStep === 0} onClick={() => setStep(shownStep - 1)}>
            Previous step
          </button>
          <button
            type="button"
            disabled={shownStep === CONSTRUCTION_STEPS}
            onClick={() => setStep(shownStep + 1)}
          >
            Next step
          </button>
          <span aria-live="polite" data-testid="step-label" style={{ alignSelf: 'center' }}>
            {shownStep === 0 ? 'Result' : `Step ${shownStep} of ${CONSTRUCTION_STEPS}`}
          </span>
        </div>
        <p data-testid="step-caption">{stepCaption(shownStep, labels)}</p>
        <MinkowskiEquations a={a} b={b} labels={labels} />
      </div>
    </div>
  )
}

/**
 * Step 5: the filled box between the four corner copies, with its edges named; text sizes
 * are CSS px times `textScale` (see {@link useTextScale}).
 */
function ConstructionUnion({ union, textScale }: { union: Rect; textScale: number }) {
  const centreX = union.x + union.width / 2
  const centreY = union.y + union.height / 2
  const tag = {
    fill: palette.minkowskiStroke,
    fontSize: 13 * textScale,
    fontWeight: 'bold',
  } as const
  return (
    <g>
      <rect data-testid="construction-union" {...union} {...minkowskiPaint} strokeWidth={2} />
      <text {...tag} x={centreX} y={union.y - 6 * textScale} textAnchor="middle">
        top
      </text>
      <text {...tag} x={centreX} y={union.y + union.height + 15 * textScale} textAnchor="middle">
        bottom
      </text>
      <text {...tag} x={union.x - 6 * textScale} y={centreY} textAnchor="end">
        left
      </text>
      <text {...tag} x={union.x + union.width + 6 * textScale} y={centreY}>
        right
      </text>
    </g>
  )
}
