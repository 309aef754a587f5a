import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactElement } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { userEvent } from 'vitest/browser'
import { overlaps, type Rect } from 'react-aabb/core'
import {
  Article001Table,
  DiscreteCollisionDemo,
  IntegratorComparison,
  MinkowskiExplorer,
  OverlapTestDemo,
  RelativeMotionDemo,
  SweptPlatformerDemo,
  TunnelingDemo,
  widgetLightTheme,
} from 'react-aabb/widgets'
import { rectInView } from '../../src/widgets/clipToView.js'
import { readRect } from '../../src/widgets/svgRect.js'
import { CONSTRUCTION_STEPS } from '../../src/widgets/MinkowskiExplorer.js'
import { centerOf, firePointer, nextFrames } from '../react/support/realPointer.js'
import { backgroundBehind, contrastRatio, over, parseColour } from './contrast.js'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const widgets: ReadonlyArray<[string, () => ReactElement]> = [
  ['Article001Table', () => <Article001Table />],
  ['OverlapTestDemo', () => <OverlapTestDemo />],
  ['DiscreteCollisionDemo', () => <DiscreteCollisionDemo />],
  ['MinkowskiExplorer', () => <MinkowskiExplorer />],
  ['RelativeMotionDemo', () => <RelativeMotionDemo />],
  ['SweptPlatformerDemo', () => <SweptPlatformerDemo />],
  ['TunnelingDemo', () => <TunnelingDemo />],
  ['IntegratorComparison', () => <IntegratorComparison />],
]

/** The `<svg>` viewBox as a rect. */
function viewBoxOf(svg: Element): Rect {
  const [x, y, width, height] = svg.getAttribute('viewBox')!.split(' ').map(Number)
  return { x: x!, y: y!, width: width!, height: height! }
}

const contains = rectInView

/**
 * Dispatches a synthetic pointer event ({@link firePointer}) inside `act`, so that React has
 * rendered what the event changed when the test reads the DOM. Without it a test waits an
 * animation frame and hopes: React renders a `pointermove`'s update (continuous priority,
 * or a window listener's default one) in a task of its scheduler, and whether that task or
 * the next frame comes first depends on what the browser did before, so a test read the
 * old state after another test's animation had run (the order dependence of issue #27).
 */
function pointer(...event: Parameters<typeof firePointer>) {
  act(() => firePointer(...event))
}

/** Stubs `matchMedia` so that `prefers-reduced-motion: reduce` matches. */
function preferReducedMotion() {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: media === '(prefers-reduced-motion: reduce)',
    media,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

/** Smallest rendered font size of any widget text, CSS px (issue 27: readable at 320 px). */
const MIN_TEXT_PX = 11

/** Every visible text of `root`, SVG and HTML, with its rendered font size in CSS px. */
function renderedTexts(root: Element): Array<{ element: Element; px: number }> {
  return [...root.querySelectorAll('*')]
    .filter((element) => hasOwnText(element) && getComputedStyle(element).visibility !== 'hidden')
    .map((element) => {
      const size = parseFloat(getComputedStyle(element).fontSize)
      const svg = element instanceof SVGElement ? element.ownerSVGElement : null
      const scale = svg ? svg.getBoundingClientRect().width / viewBoxOf(svg).width : 1
      return { element, px: size * scale }
    })
}

/** Pairs of SVG texts of the same `<svg>` under `root` whose drawn boxes overlap. */
function overlappingSvgTexts(root: Element): string[] {
  const overlaps: string[] = []
  for (const svg of root.querySelectorAll('svg')) {
    const texts = [...svg.querySelectorAll('text')].filter(
      (text) =>
        (text.textContent ?? '').trim() !== '' && getComputedStyle(text).visibility !== 'hidden',
    )
    const boxes = texts.map((text) => text.getBoundingClientRect())
    boxes.forEach((box, i) => {
      for (let j = i + 1; j < boxes.length; j++) {
        const other = boxes[j]!
        const apart =
          box.right <= other.left + 0.5 ||
          other.right <= box.left + 0.5 ||
          box.bottom <= other.top + 0.5 ||
          other.bottom <= box.top + 0.5
        if (!apart) overlaps.push(`"${texts[i]!.textContent}" over "${texts[j]!.textContent}"`)
      }
    })
  }
  return overlaps
}

describe('every widget with its default props', () => {
  it.each(widgets)(
    '%s writes every text at 11 px or more, none over another, at 320 px and at full width',
    async (_name, widget) => {
      for (const width of [320, undefined]) {
        const { container, unmount } = render(<div style={{ width }}>{widget()}</div>)
        await nextFrames(2)
        const texts = renderedTexts(container)
        expect(texts.length).toBeGreaterThan(0)
        for (const { element, px } of texts) {
          expect(px, `"${element.textContent}" at ${width ?? 'full'} width`).toBeGreaterThanOrEqual(
            MIN_TEXT_PX,
          )
        }
        expect(overlappingSvgTexts(container), `at ${width ?? 'full'} width`).toEqual([])
        unmount()
      }
    },
  )

  it.each(widgets)(
    '%s opens with every shape and text of its figures inside them, at 320 px and at full width',
    async (_name, widget) => {
      for (const width of [320, undefined]) {
        const { container, unmount } = render(<div style={{ width }}>{widget()}</div>)
        await nextFrames(2)
        // Legend swatches are small svgs too; every figure, whatever its size, draws inside itself.
        for (const svg of container.querySelectorAll('svg')) expectDrawnInside(svg)
        unmount()
      }
    },
  )

  it.each(widgets)('%s renders without horizontal overflow at 320 px', async (_name, widget) => {
    const { container } = render(<div style={{ width: 320 }}>{widget()}</div>)
    await nextFrames()
    const host = container.firstElementChild as HTMLElement
    expect(host.childElementCount).toBeGreaterThan(0)
    expect(host.scrollWidth).toBeLessThanOrEqual(320)
    for (const svg of host.querySelectorAll('svg')) {
      expect(svg.getBoundingClientRect().width).toBeLessThanOrEqual(320)
      expect(svg.getBoundingClientRect().width).toBeGreaterThan(100)
    }
  })
})

describe('DiscreteCollisionDemo', () => {
  it('draws the scene it is given, and the arrow keys move the box as the pointer does', () => {
    const obstacle = { x: -50, y: -50, width: 100, height: 100 }
    render(<DiscreteCollisionDemo obstacle={obstacle} size={20} start={{ x: -180, y: -180 }} />)
    expect(readRect(screen.getByTestId('obstacle'))).toEqual(obstacle)
    const svg = screen.getByRole('application')
    expect(svg.dataset.colliding).toBe('false')

    // The box starts centred on (-180, -180): 14 presses right and down put it at (-40, -40).
    svg.focus()
    for (let i = 0; i < 14; i++) {
      fireEvent.keyDown(svg, { key: 'ArrowRight' })
      fireEvent.keyDown(svg, { key: 'ArrowDown' })
    }
    expect(svg.dataset.colliding).toBe('true')
    const byKeys = screen.getByTestId('readout').textContent
    expect(byKeys).toMatch(/^colliding: penetration/)
    expect(screen.getByText(byKeys, { selector: '[aria-live]' })).toBeTruthy()

    // The pointer at the same point gives the same readout.
    fireEvent.keyDown(svg, { key: 'ArrowLeft' })
    expect(screen.getByTestId('readout').textContent).not.toBe(byKeys)
    const matrix = (svg as unknown as SVGSVGElement).getScreenCTM()!
    const client = new DOMPoint(-40, -40).matrixTransform(matrix)
    pointer(svg, 'pointermove', client.x, client.y)
    expect(screen.getByTestId('readout').textContent).toBe(byKeys)
  })
})

describe('keyboard', () => {
  it('reaches every draggable handle with the Tab key, in the order they are drawn', async () => {
    render(
      <>
        <DiscreteCollisionDemo />
        <MinkowskiExplorer />
        <RelativeMotionDemo />
        <SweptPlatformerDemo />
      </>,
    )
    const handles = [
      screen.getByRole('application', { name: /^Minkowski difference demo/ }),
      screen.getByRole('button', { name: /^Box A: drag it/ }),
      screen.getByTestId('tip-a'),
      screen.getByTestId('tip-b'),
      screen.getByRole('application', { name: /^Swept platformer/ }),
    ]
    const reached: Element[] = []
    document.body.focus()
    // Buttons and scrolling tables lie between the handles: enough presses to pass them all.
    for (let press = 0; press < 60 && reached.length < handles.length; press++) {
      await userEvent.keyboard('{Tab}')
      if (handles.includes(document.activeElement as HTMLElement)) {
        if (!reached.includes(document.activeElement!)) reached.push(document.activeElement!)
      }
    }
    expect(reached).toEqual(handles)
  })
})

describe('MinkowskiExplorer', () => {
  it('moves box A by keys exactly as a drag by the same distance does', () => {
    const box = { x: -200, y: -30, width: 60, height: 60 }
    const obstacle = { x: 0, y: -40, width: 80, height: 80 }
    const { unmount } = render(<MinkowskiExplorer box={box} obstacle={obstacle} />)
    const boxA = screen.getByTestId('box-a')
    expect(readRect(screen.getByTestId('box-b'))).toEqual(obstacle)
    boxA.focus()
    for (let i = 0; i < 16; i++) fireEvent.keyDown(boxA, { key: 'ArrowRight' })
    const byKeys = {
      a: readRect(boxA),
      difference: readRect(screen.getByTestId('minkowski-difference')),
      equations: screen.getByTestId('minkowski-equations').textContent,
    }
    expect(byKeys.a.x).toBe(-40)
    expect(overlaps(byKeys.a, obstacle)).toBe(true)
    expect(screen.getByText('A at (−40, −30), overlapping B')).toBeTruthy()
    unmount()

    render(<MinkowskiExplorer box={box} obstacle={obstacle} />)
    const dragged = screen.getByTestId('box-a')
    const svg = (dragged as unknown as SVGGraphicsElement).ownerSVGElement!
    const matrix = svg.getScreenCTM()!
    const start = centerOf(dragged)
    const end = new DOMPoint(-10, 0).matrixTransform(matrix) // A's centre, 160 units right
    pointer(dragged, 'pointerdown', start.x, start.y)
    pointer(window, 'pointermove', end.x, end.y)
    pointer(window, 'pointerup', end.x, end.y)
    const byDrag = readRect(dragged)
    expect(byDrag.x).toBeCloseTo(-40, 4)
    expect(byDrag.y).toBeCloseTo(-30, 4)
    expect(readRect(screen.getByTestId('minkowski-difference')).x).toBeCloseTo(
      byKeys.difference.x,
      4,
    )
    // The maths panel reads the same: every edge, corner and verdict of A − B.
    expect(screen.getByTestId('minkowski-equations').textContent).toBe(byKeys.equations)
  })

  it("draws the corner copies' names over the boxes, and lets the pointer through them to box A", () => {
    render(<MinkowskiExplorer />)
    const next = screen.getByRole('button', { name: 'Next step' })
    // The step that shows all four copies, before the filled difference.
    for (let k = 1; k < CONSTRUCTION_STEPS; k++) fireEvent.click(next)
    const boxA = screen.getByTestId('box-a')
    const names = screen.getAllByText(/^A − (top|bottom)-(left|right)$/)
    expect(names).toHaveLength(4)
    for (const name of names) {
      // Later in the drawing than box A: painted over it, never hidden by it.
      expect(boxA.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
      expect(getComputedStyle(name).pointerEvents).toBe('none')
    }
  })

  // A phone's column (390 px less the page's padding) and the widget's widest.
  for (const width of [358, 500]) {
    it(`draws no corner copy's name over another at ${width} px wide, nor outside the figure`, () => {
      render(
        <div style={{ width }}>
          <MinkowskiExplorer />
        </div>,
      )
      const next = screen.getByRole('button', { name: 'Next step' })
      for (let k = 1; k < CONSTRUCTION_STEPS; k++) fireEvent.click(next)
      const figure = screen.getByRole('group', { name: 'Minkowski difference explorer' })
      const bounds = figure.getBoundingClientRect()
      const names = screen
        .getAllByText(/^A − (top|bottom)-(left|right)$/)
        .map((name) => name.getBoundingClientRect())
      expect(names).toHaveLength(4)
      for (const [k, name] of names.entries()) {
        expect(name.left).toBeGreaterThanOrEqual(bounds.left)
        expect(name.right).toBeLessThanOrEqual(bounds.right)
        expect(name.top).toBeGreaterThanOrEqual(bounds.top)
        expect(name.bottom).toBeLessThanOrEqual(bounds.bottom)
        for (const other of names.slice(k + 1)) {
          const apart =
            name.right <= other.left ||
            other.right <= name.left ||
            name.bottom <= other.top ||
            other.bottom <= name.top
          expect(apart, `${JSON.stringify(name)} and ${JSON.stringify(other)}`).toBe(true)
        }
      }
      // The filled difference names its edges, not the copies.
      fireEvent.click(next)
      expect(screen.queryAllByText(/^A − (top|bottom)-(left|right)$/)).toHaveLength(0)
      for (const edge of ['top', 'bottom', 'left', 'right'])
        expect(within(figure).getByText(edge)).toBeTruthy()
    })
  }
})

describe('RelativeMotionDemo', () => {
  it('keeps the Minkowski box, its moved copy and the ray inside its panel', () => {
    render(
      <RelativeMotionDemo
        boxA={{ x: -280, y: -40, width: 80, height: 60 }}
        boxB={{ x: 200, y: 100, width: 60, height: 120 }}
        motionA={{ x: 400, y: 200 }}
      />,
    )
    const panel = screen.getByRole('group', { name: 'Minkowski space' })
    const view = viewBoxOf(panel)
    expect(contains(view, readRect(within(panel).getByTestId('minkowski-difference')))).toBe(true)
    expect(contains(view, readRect(within(panel).getByTestId('minkowski-moved')))).toBe(true)
    const ray = within(panel).getByTestId('ray')
    const tip = { x: Number(ray.getAttribute('x2')), y: Number(ray.getAttribute('y2')) }
    expect(contains(view, { ...tip, width: 0, height: 0 })).toBe(true)
  })

  it('announces the motion the arrow keys set', () => {
    render(<RelativeMotionDemo />)
    const tip = screen.getByTestId('tip-b')
    tip.focus()
    fireEvent.keyDown(tip, { key: 'ArrowUp' })
    expect(screen.getByTestId('motion-b').dataset.y).toBe('-10')
    expect(
      screen.getByText(/B moves \(−120, −10\)/, { selector: '[aria-live]' }).textContent,
    ).toMatch(/h = /)
  })
})

describe('RelativeMotionDemo, keys and pointer', () => {
  it('sets the same motion and time of impact by the arrow keys as by dragging the tip', () => {
    const scene = {
      boxA: { x: -200, y: -40, width: 80, height: 60 },
      boxB: { x: 60, y: -30, width: 60, height: 60 },
      motionA: { x: 300, y: 0 },
      motionB: { x: -40, y: 0 },
    }
    const readouts = () => ({
      motionB: screen.getByTestId('motion-b').dataset,
      h: screen.getByTestId('fraction').dataset.h,
      collision: screen.queryByTestId('collision-point')?.getAttribute('cx') ?? null,
    })
    const { unmount } = render(<RelativeMotionDemo {...scene} />)
    expect(readRect(screen.getByTestId('box-b'))).toEqual(scene.boxB)
    const tip = screen.getByTestId('tip-b')
    tip.focus()
    for (let i = 0; i < 3; i++) fireEvent.keyDown(tip, { key: 'ArrowLeft' })
    fireEvent.keyDown(tip, { key: 'ArrowDown' })
    const byKeys = readouts()
    expect([byKeys.motionB.x, byKeys.motionB.y]).toEqual(['-70', '10'])
    expect(Number(byKeys.h)).toBeGreaterThan(0)
    expect(Number(byKeys.h)).toBeLessThan(1)
    unmount()

    render(<RelativeMotionDemo {...scene} />)
    const dragged = screen.getByTestId('tip-b')
    const svg = (dragged as unknown as SVGGraphicsElement).ownerSVGElement!
    const matrix = svg.getScreenCTM()!
    // B's centre is (90, 0): the tip of a motion (-70, 10) is at (20, 10).
    const end = new DOMPoint(20, 10).matrixTransform(matrix)
    const start = centerOf(dragged)
    // The tip listens to the window once the grab has rendered (inside act, at once).
    pointer(dragged, 'pointerdown', start.x, start.y)
    pointer(window, 'pointermove', end.x, end.y)
    pointer(window, 'pointerup', end.x, end.y)
    const byDrag = readouts()
    expect(Number(byDrag.motionB.x)).toBeCloseTo(-70, 3)
    expect(Number(byDrag.motionB.y)).toBeCloseTo(10, 3)
    expect(Number(byDrag.h)).toBeCloseTo(Number(byKeys.h), 3)
  })
})

describe('widgets with custom scenes', () => {
  it('OverlapTestDemo gives the verdicts of the boxes it is given', () => {
    const unit = { x: 0.5, y: 0.5 }
    const { unmount } = render(
      <OverlapTestDemo
        first={{ center: { x: 0, y: 0 }, halfExtents: unit }}
        second={{ center: { x: 1.5, y: 0.2 }, halfExtents: unit }}
      />,
    )
    expect(screen.getByTestId('centre-test').textContent).toBe('apart')
    expect(screen.getByTestId('edge-test').textContent).toBe('apart')
    unmount()
    render(
      <OverlapTestDemo
        first={{ center: { x: 0, y: 0 }, halfExtents: { x: 1, y: 0.25 } }}
        second={{ center: { x: 1.5, y: 0.2 }, halfExtents: unit }}
      />,
    )
    expect(screen.getByTestId('centre-test').textContent).toBe('overlap')
    expect(screen.getByTestId('edge-test').textContent).toBe('overlap')
  })

  it('SweptPlatformerDemo draws the platform it is given', () => {
    const platform = { x: -100, y: 80, width: 200, height: 30 }
    render(<SweptPlatformerDemo platform={platform} />)
    expect(readRect(screen.getByTestId('platform'))).toEqual(platform)
  })

  it("IntegratorComparison's energy readouts follow its time step", () => {
    const ratios = () =>
      screen.getAllByTestId(/^energy-ratio-/).map((cell) => cell.textContent ?? '')
    const stepTen = () => {
      const step = screen.getByRole('button', { name: 'Step 1' })
      for (let i = 0; i < 10; i++) fireEvent.click(step)
    }
    const { unmount } = render(<IntegratorComparison />)
    stepTen()
    const byDefault = ratios()
    unmount()
    render(<IntegratorComparison dt={0.2} />)
    stepTen()
    expect(ratios()).toHaveLength(byDefault.length)
    expect(ratios()).not.toEqual(byDefault)
  })
})

describe('TunnelingDemo', () => {
  it('never prints two step numbers on top of each other on a slow run', () => {
    render(<TunnelingDemo speed={5} framesPerStep={1} />)
    fireEvent.click(screen.getByRole('button', { name: 'Step' }))
    // 40 steps of 5 px stop short of the wall (x = 300), so the run is not over and reset.
    for (let i = 0; i < 40; i++) fireEvent.click(screen.getByRole('button', { name: 'Step' }))
    const panel = screen.getByRole('img', { name: /^Discrete/ })
    const labels = [...panel.querySelectorAll('text')].filter((text) =>
      /^\d+$/.test(text.textContent ?? ''),
    )
    expect(labels.length).toBeGreaterThan(3)
    const boxes = labels.map((label) => label.getBoundingClientRect())
    for (let i = 1; i < boxes.length; i++) {
      expect(boxes[i]!.left).toBeGreaterThanOrEqual(boxes[i - 1]!.right)
    }
  })

  it('writes its step numbers at 11 px or more, apart, at 320 px', async () => {
    const { container } = render(
      <div style={{ width: 320 }}>
        <TunnelingDemo speed={5} framesPerStep={1} />
      </div>,
    )
    await nextFrames(2)
    for (let i = 0; i < 40; i++) fireEvent.click(screen.getByRole('button', { name: 'Step' }))
    const numbers = renderedTexts(container).filter(({ element }) => element.tagName === 'text')
    expect(numbers.length).toBeGreaterThan(3)
    for (const { px } of numbers) expect(px).toBeGreaterThanOrEqual(MIN_TEXT_PX)
    expect(overlappingSvgTexts(container)).toEqual([])
  })

  it('runs the scene it is given', async () => {
    render(<TunnelingDemo speed={10} wallThickness={20} framesPerStep={1} />)
    expect(readRect(screen.getAllByTestId('wall')[0]!).width).toBe(20)
    fireEvent.click(screen.getByRole('button', { name: 'Run' }))
    const root = document.querySelector<HTMLElement>('[data-phase]')!
    await vi.waitFor(() => expect(root.dataset.phase).toBe('done'), { timeout: 5000 })
    expect(screen.getByRole('img', { name: /^Discrete/ }).dataset.outcome).toBe('stopped')
  })
})

/**
 * Every visible shape and text of `svg`, its stroke included, in screen px, lies inside the
 * svg's box: what the browser would clip is not drawn at all.
 */
function expectDrawnInside(svg: SVGSVGElement) {
  const view = svg.getBoundingClientRect()
  for (const shape of svg.querySelectorAll<SVGGraphicsElement>(
    'line, rect, circle, path, polygon, text',
  )) {
    if (getComputedStyle(shape).visibility === 'hidden') continue
    const box = shape.getBoundingClientRect()
    if (box.width === 0 && box.height === 0) continue
    const halfStroke = (parseFloat(getComputedStyle(shape).strokeWidth) || 0) / 2
    const shapeName = shape.getAttribute('data-testid') ?? shape.tagName
    expect(box.left - halfStroke, shapeName).toBeGreaterThanOrEqual(view.left - 0.5)
    expect(box.top - halfStroke, shapeName).toBeGreaterThanOrEqual(view.top - 0.5)
    expect(box.right + halfStroke, shapeName).toBeLessThanOrEqual(view.right + 0.5)
    expect(box.bottom + halfStroke, shapeName).toBeLessThanOrEqual(view.bottom + 0.5)
  }
}

describe('nothing drawn outside its panel', () => {
  it('the platformer at its fastest speed draws its motion ray up to the edge only', async () => {
    render(<SweptPlatformerDemo speed={100} />)
    const ray = screen.getByTestId('motion-ray')
    const svg = (ray as unknown as SVGLineElement).ownerSVGElement!
    let longest = 0
    for (let frame = 0; frame < 30; frame++) {
      await nextFrames(1)
      longest = Math.max(longest, Math.abs(Number(ray.dataset.motionY)))
      expectDrawnInside(svg)
    }
    // The whole motion is still published: far longer than the 500-unit view.
    expect(longest).toBeGreaterThan(1000)
  })

  it('the tunnelling run leaves out the samples past the right edge', () => {
    render(<TunnelingDemo speed={90} />)
    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole('button', { name: 'Step' }))
    const panel = screen.getByRole('img', { name: /^Discrete/ }) as unknown as SVGSVGElement
    expect(panel.dataset.outcome).toBe('passed-through')
    expectDrawnInside(panel)
    expect(screen.getAllByTestId('step-sample').length).toBeGreaterThan(3)
  })

  it("explicit Euler's phase portrait is cut at the panel's edges", () => {
    render(<IntegratorComparison />)
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Step 200' }))
      fireEvent.click(screen.getByRole('button', { name: 'Step 200' }))
    })
    const panel = screen.getByRole('img', { name: /^Explicit Euler/ }) as unknown as SVGSVGElement
    expect(
      within(panel as unknown as HTMLElement)
        .getByTestId('trail')
        .getAttribute('d'),
    ).toMatch(/L/)
    expectDrawnInside(panel)
  })
})

describe('reduced motion', () => {
  it('keeps the platformer still behind a Play button', async () => {
    preferReducedMotion()
    render(<SweptPlatformerDemo />)
    await nextFrames(3)
    const player = screen.getByTestId('player')
    const first = readRect(player)
    await nextFrames(5)
    expect(readRect(player)).toEqual(first)
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    await vi.waitFor(() => expect(readRect(player).y).toBeGreaterThan(first.y), {
      timeout: 5_000,
    })
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy()
  })

  it('lets the platformer fall at once without the preference', async () => {
    render(<SweptPlatformerDemo gravity={2000} />)
    await nextFrames(2)
    const player = screen.getByTestId('player')
    const first = readRect(player)
    await vi.waitFor(() => expect(readRect(player).y).toBeGreaterThan(first.y), {
      timeout: 5_000,
    })
  })

  it('starts no animation in the other animated widgets', async () => {
    preferReducedMotion()
    render(<IntegratorComparison />)
    await nextFrames(5)
    expect(screen.getByTestId('step-count').textContent).toMatch(/^0 of/)
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Step 1' }))
    })
    expect(screen.getByTestId('step-count').textContent).toMatch(/^1 of/)
  })
})

describe('touch', () => {
  it('stops touch scrolling on the draggable handles only, never on a whole panel', () => {
    render(
      <>
        <DiscreteCollisionDemo />
        <MinkowskiExplorer />
        <RelativeMotionDemo />
      </>,
    )
    for (const svg of document.querySelectorAll('svg')) {
      expect(getComputedStyle(svg).touchAction, svg.getAttribute('aria-label')!).toBe('auto')
    }
    const handles = [
      screen.getByTestId('follower'),
      screen.getByRole('button', { name: /^Box A/ }),
      screen.getByTestId('tip-a'),
      screen.getByTestId('tip-b'),
    ]
    for (const handle of handles) {
      expect(getComputedStyle(handle).touchAction, handle.dataset.testid).toBe('none')
    }
  })

  it('drags Minkowski box A and the relative-motion tips with a finger', () => {
    const box = { x: -200, y: -30, width: 60, height: 60 }
    render(<MinkowskiExplorer box={box} />)
    const boxA = screen.getByTestId('box-a')
    const matrix = (boxA as unknown as SVGGraphicsElement).ownerSVGElement!.getScreenCTM()!
    const start = centerOf(boxA)
    const end = new DOMPoint(-10, 0).matrixTransform(matrix) // A's centre, 160 units right
    pointer(boxA, 'pointerdown', start.x, start.y, 'touch')
    pointer(window, 'pointermove', end.x, end.y, 'touch')
    pointer(window, 'pointerup', end.x, end.y, 'touch')
    expect(readRect(boxA).x).toBeCloseTo(-40, 4)
    cleanup()

    render(<RelativeMotionDemo boxB={{ x: 60, y: -30, width: 60, height: 60 }} />)
    const tip = screen.getByTestId('tip-b')
    const tipMatrix = (tip as unknown as SVGGraphicsElement).ownerSVGElement!.getScreenCTM()!
    const tipEnd = new DOMPoint(20, 10).matrixTransform(tipMatrix) // B's centre is (90, 0)
    const tipStart = centerOf(tip)
    pointer(tip, 'pointerdown', tipStart.x, tipStart.y, 'touch')
    pointer(window, 'pointermove', tipEnd.x, tipEnd.y, 'touch')
    pointer(window, 'pointerup', tipEnd.x, tipEnd.y, 'touch')
    expect(Number(screen.getByTestId('motion-b').dataset.x)).toBeCloseTo(-70, 3)
    expect(Number(screen.getByTestId('motion-b').dataset.y)).toBeCloseTo(10, 3)
  })

  it('puts the discrete demo’s box where a finger touches', () => {
    render(<DiscreteCollisionDemo obstacle={{ x: -50, y: -50, width: 100, height: 100 }} />)
    const svg = screen.getByRole('application') as unknown as SVGSVGElement
    expect(svg.dataset.colliding).toBe('false')
    const touch = new DOMPoint(0, 0).matrixTransform(svg.getScreenCTM()!)
    pointer(svg, 'pointerdown', touch.x, touch.y, 'touch')
    expect(svg.dataset.colliding).toBe('true')
  })

  it('moves the platformer by its on-screen buttons while a finger holds them', async () => {
    render(<SweptPlatformerDemo gravity={4000} />)
    const player = screen.getByTestId('player')
    const svg = player.closest('svg')!
    await vi.waitFor(() => expect(svg.dataset.grounded).toBe('true'), { timeout: 5_000 })
    const right = screen.getByRole('button', { name: 'Move right' })
    const start = readRect(player).x
    const at = centerOf(right)
    pointer(right, 'pointerdown', at.x, at.y, 'touch')
    await vi.waitFor(() => expect(readRect(player).x).toBeGreaterThan(start + 20), {
      timeout: 5_000,
    })
    pointer(right, 'pointerup', at.x, at.y, 'touch')
    await nextFrames(2)
    const released = readRect(player).x
    await nextFrames(5)
    expect(readRect(player).x).toBe(released)

    // The same by keyboard: Tab reaches the button, Enter holds it.
    const left = screen.getByRole('button', { name: 'Move left' })
    left.focus()
    fireEvent.keyDown(left, { key: 'Enter' })
    await vi.waitFor(() => expect(readRect(player).x).toBeLessThan(released - 20), {
      timeout: 5_000,
    })
    fireEvent.keyUp(left, { key: 'Enter' })
  })
})

/** The text of the first polite live region under `container`. */
function announced(container: Element): string {
  return container.querySelector('[aria-live="polite"]')!.textContent ?? ''
}

describe('announcements', () => {
  it("TunnelingDemo announces each step's findings and how a run ended, not its frames", async () => {
    const { container } = render(<TunnelingDemo framesPerStep={1} />)
    expect(announced(container)).toBe('')
    fireEvent.click(screen.getByRole('button', { name: 'Step' }))
    expect(announced(container)).toMatch(
      /^Discrete: step 1: no overlap at the step's end \(x = 130\)\. Swept: step 1: ray misses, full step \(x = 130\)\.$/,
    )

    fireEvent.click(screen.getByRole('button', { name: 'Run' }))
    const root = container.querySelector<HTMLElement>('[data-phase]')!
    const heard = new Set<string>()
    while (root.dataset.phase !== 'done') {
      heard.add(announced(container))
      await nextFrames(1)
    }
    await vi.waitFor(() =>
      expect(announced(container)).toMatch(
        /^Run over after \d+ steps\. Discrete: passed through the wall \(x = \d+\)\. Swept: stopped at the wall \(x = \d+\)\.$/,
      ),
    )
    // The step's words until the run ended, then the outcome: nothing per frame.
    expect([...heard]).toEqual([heard.values().next().value])
  })

  it('SweptPlatformerDemo announces a landing and a pause, and stays quiet while the box rests', async () => {
    const { container } = render(<SweptPlatformerDemo gravity={4000} />)
    await vi.waitFor(() => expect(announced(container)).toMatch(/^Landed on the platform: /), {
      timeout: 5_000,
    })
    expect(announced(container)).toMatch(/platform 10 px thick: hit at t = \d\.\d\d$/)
    const landing = announced(container)
    await nextFrames(10)
    expect(announced(container)).toBe(landing)
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    expect(announced(container)).toMatch(/^Paused: motion this frame /)
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    expect(announced(container)).toBe('Playing at 1× speed')
  })

  it('IntegratorComparison announces the step count and energies when the run stands still', async () => {
    const { container } = render(<IntegratorComparison />)
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Step 1' }))
    })
    const cell = (id: string) => screen.getByTestId(id).textContent
    expect(announced(container)).toBe(
      `${cell('step-count')}. Energy ÷ start: Explicit Euler ${cell('energy-ratio-explicit')}, Semi-implicit Euler ${cell('energy-ratio-semi-implicit')}, Runge-Kutta 4 ${cell('energy-ratio-rk4')}.`,
    )
    expect(announced(container)).toMatch(/^1 of 1000 steps/)
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    })
    await nextFrames(5)
    expect(announced(container)).toBe('')
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    })
    const steps = screen.getByTestId('step-count').textContent.split(' ')[0]
    expect(Number(steps)).toBeGreaterThan(1)
    expect(announced(container)).toMatch(new RegExp(`^${steps} of 1000 steps, t = `))
  })
})

describe('reduced motion, animated runs', () => {
  it('TunnelingDemo shows the finished run at once', () => {
    preferReducedMotion()
    const { container } = render(<TunnelingDemo />)
    fireEvent.click(screen.getByRole('button', { name: 'Run' }))
    // No frame has passed: the run is over all the same.
    expect(container.querySelector<HTMLElement>('[data-phase]')!.dataset.phase).toBe('done')
    expect(screen.getByRole('img', { name: /^Discrete/ }).dataset.outcome).toBe('passed-through')
    expect(screen.getByRole('img', { name: /^Swept/ }).dataset.outcome).toBe('stopped')
    expect(announced(container)).toMatch(/^Run over after /)
  })

  it('IntegratorComparison jumps to the end of the run on Play', () => {
    preferReducedMotion()
    render(<IntegratorComparison />)
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    })
    expect(screen.getByTestId('step-count').textContent).toMatch(/^1000 of 1000 steps/)
  })
})

/**
 * Every text under `container` (text nodes, accessible names and live regions) that names
 * a box by the articles' letter A or B, alone or as a vector's subscript (v_A, p_B, B/A).
 */
function articleNamesIn(container: Element): string[] {
  const texts: string[] = []
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT)
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '')
  for (const element of container.querySelectorAll('[aria-label]')) {
    texts.push(element.getAttribute('aria-label') ?? '')
  }
  return texts.filter((text) => /(^|[^a-zA-Z0-9])[AB]($|[^a-zA-Z0-9])/.test(text))
}

const SVG_SHAPES = new Set(['rect', 'circle', 'line', 'polygon', 'polyline', 'path', 'text'])

/** Whether `element` holds text of its own (not only through its children). */
function hasOwnText(element: Element): boolean {
  return [...element.childNodes].some(
    (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
  )
}

/**
 * The colours `element` paints, by property: an SVG shape's fill and stroke, an element's
 * background, and the colour of text it holds. Transparent and `none` are left out.
 */
function paintedColours(element: Element): Array<[string, string]> {
  const style = getComputedStyle(element)
  const painted: Array<[string, string]> = []
  if (element instanceof SVGElement && SVG_SHAPES.has(element.tagName)) {
    // A line has no inside: its fill paints nothing.
    if (element.tagName !== 'line') painted.push(['fill', style.fill])
    painted.push(['stroke', style.stroke])
  } else {
    painted.push(['background-color', style.backgroundColor])
    if (hasOwnText(element)) painted.push(['color', style.color])
  }
  return painted.filter(([, value]) => (parseColour(value)?.a ?? 0) > 0)
}

/** Every element of `root` but native buttons (the browser's colours) and their contents. */
const themedElements = (root: Element) =>
  [...root.querySelectorAll('*')].filter((element) => !element.closest('button'))

/** Where a failing assertion points: the widget's element by test id, tag and index. */
const describeElement = (element: Element, index: number) =>
  `${element.getAttribute('data-testid') ?? element.tagName} #${index}`

/** Renders `widget` twice, in the default (dark) theme and in `widgetLightTheme`, and lets it draw. */
async function renderInBothThemes(widget: () => ReactElement): Promise<HTMLElement> {
  const { container } = render(
    <>
      <div data-theme="dark">{widget()}</div>
      <div data-theme="light" style={widgetLightTheme}>
        {widget()}
      </div>
    </>,
  )
  await nextFrames(2)
  return container
}

describe('theming', () => {
  it.each(widgets)(
    '%s takes every colour from the --aabb-widget-* properties',
    async (_name, widget) => {
      const container = await renderInBothThemes(widget)
      const dark = themedElements(container.querySelector('[data-theme="dark"]')!)
      const light = themedElements(container.querySelector('[data-theme="light"]')!)
      expect(light).toHaveLength(dark.length)
      let compared = 0
      dark.forEach((element, index) => {
        const lightColours = new Map(paintedColours(light[index]!))
        for (const [property, darkColour] of paintedColours(element)) {
          expect(
            lightColours.get(property),
            `${describeElement(element, index)} ${property}`,
          ).not.toBe(darkColour)
          compared++
        }
      })
      expect(compared).toBeGreaterThan(5)
    },
  )

  it.each(widgets)(
    '%s writes its text at 4.5:1 or more against its background, dark and light',
    async (_name, widget) => {
      const container = await renderInBothThemes(widget)
      expectReadableText(container)
    },
  )

  it("Article001Table keeps 4.5:1 on each row it highlights (the flawed test's red included)", () => {
    const { container } = render(
      <>
        <div data-theme="dark">
          <Article001Table />
        </div>
        <div data-theme="light" style={widgetLightTheme}>
          <Article001Table />
        </div>
      </>,
    )
    const rows = screen.getAllByRole('button', { name: /^Show row / }).length / 2
    for (let row = 1; row <= rows; row++) {
      for (const show of screen.getAllByRole('button', { name: `Show row ${row}` })) {
        fireEvent.click(show)
      }
      expectReadableText(container)
    }
  })
})

/** Every text under `container` (buttons aside) has at least 4.5:1 against what is behind it. */
function expectReadableText(container: Element) {
  for (const element of themedElements(container)) {
    if (!hasOwnText(element)) continue
    const svg = element instanceof SVGElement ? element.ownerSVGElement : null
    const behind = backgroundBehind(svg ?? element)
    const style = getComputedStyle(element)
    const ink = parseColour(svg ? style.fill : style.color)!
    // A label on a coloured box is written in the background colour (palette.ts): its
    // contrast is the box's, not the panel's.
    if (svg && contrastRatio(over(ink, behind), behind) === 1) continue
    expect(
      contrastRatio(over(ink, behind), behind),
      `${element.textContent} (${element.closest('[data-theme]')!.getAttribute('data-theme')})`,
    ).toBeGreaterThanOrEqual(4.5)
  }
}

describe('scene props', () => {
  it('TunnelingDemo starts its box and stands its wall where it is told', () => {
    const start = { x: 15, y: 60, width: 40, height: 30 }
    render(<TunnelingDemo start={start} wallX={200} speed={50} />)
    for (const wall of screen.getAllByTestId('wall')) expect(readRect(wall).x).toBe(200)
    for (const mover of screen.getAllByTestId('mover')) expect(readRect(mover)).toEqual(start)
    // 50 px steps: the third sample (x = 165) is 5 px into the wall, pushed back out to 160.
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'Step' }))
    expect(screen.getByRole('img', { name: /^Discrete/ }).dataset.outcome).toBe('stopped')
    const stopped = readRect(screen.getAllByTestId('mover')[1]!)
    expect(stopped.x + stopped.width).toBe(200)
  })

  it('SweptPlatformerDemo drops a box of the size it is given', async () => {
    render(<SweptPlatformerDemo boxSize={36} />)
    await nextFrames(2)
    const player = readRect(screen.getByTestId('player'))
    expect([player.width, player.height]).toEqual([36, 36])
  })

  it('MinkowskiExplorer and RelativeMotionDemo draw and announce the labels they are given', () => {
    const labels = { a: 'player', b: 'wall' }
    const { container } = render(
      <>
        <MinkowskiExplorer labels={labels} step={1} />
        <RelativeMotionDemo labels={labels} />
      </>,
    )
    const drawn = [...container.querySelectorAll('svg text')].map((text) => text.textContent)
    expect(drawn.filter((text) => text === 'player')).toHaveLength(2)
    expect(drawn.filter((text) => text === 'wall')).toHaveLength(2)
    expect(drawn.some((text) => text?.startsWith('player − '))).toBe(true)
    expect(drawn).not.toContain('A')
    expect(screen.getByRole('button', { name: /^Box player: drag it/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: /^Motion of wall this frame/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Riding in player' })).toBeTruthy()
    const regions = [...container.querySelectorAll('[aria-live]')].map(
      (region) => region.textContent,
    )
    expect(regions.some((text) => /^player at \(.*\), apart from wall$/.test(text ?? ''))).toBe(
      true,
    )
    expect(regions.some((text) => /^player moves \(.*\), wall moves \(/.test(text ?? ''))).toBe(
      true,
    )
    // The explorer's caption and its equations name the boxes too.
    expect(screen.getByTestId('step-caption').textContent).toMatch(
      /^Subtract the bottom-left corner of wall from every point of player:/,
    )
    const equations = screen.getByTestId('minkowski-equations')
    expect(equations.querySelector('caption')?.textContent).toBe('Edges of player − wall')
    expect(equations.querySelector('[data-edge="top"]')?.textContent).toContain(
      '= player.top − wall.bottom',
    )
    expect(
      screen.getByTestId('minkowski-corners').querySelector('[data-corner="top-right"]')
        ?.textContent,
    ).toContain('= player.top-right − wall.bottom-left')
    expect(articleNamesIn(container)).toEqual([])
  })

  it('OverlapTestDemo and DiscreteCollisionDemo name their boxes by the labels they are given', () => {
    const labels = { a: 'Player', b: 'Wall' }
    const { container } = render(
      <>
        <OverlapTestDemo labels={labels} />
        <DiscreteCollisionDemo labels={labels} />
      </>,
    )
    const [overlap, discrete] = screen.getAllByRole('list', { name: 'Legend' })
    const legend = (list: HTMLElement) =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent)
    expect(legend(overlap!).slice(0, 3)).toEqual([
      'Player (green: overlapping)',
      'Wall',
      'Minkowski difference Player − Wall',
    ])
    expect(legend(discrete!).slice(0, 3)).toEqual([
      'Wall',
      'Player (red: apart)',
      'Minkowski difference Wall − Player',
    ])
    expect(screen.getByRole('application', { name: /move Player with the pointer/ })).toBeTruthy()
    // No default name is left in either widget's words.
    expect(container.textContent).not.toMatch(/first box|second box|your box|obstacle/)
  })

  it('TunnelingDemo and SweptPlatformerDemo say the labels they are given, in words and announcements', async () => {
    const labels = { a: 'Player', b: 'Ledge' }
    preferReducedMotion()
    const { container, unmount } = render(<TunnelingDemo labels={labels} />)
    expect(container.textContent).toContain('px per step against a 6 px Ledge and a 20 px Player')
    fireEvent.click(screen.getByRole('button', { name: 'Run' }))
    expect(announced(container)).toMatch(
      /Discrete: passed through the Ledge \(x = \d+\)\. Swept: stopped at the Ledge/,
    )
    expect(container.textContent).not.toMatch(/\bwall\b/)
    unmount()
    vi.unstubAllGlobals()

    const platformer = render(<SweptPlatformerDemo gravity={4000} labels={labels} />).container
    await vi.waitFor(() => expect(announced(platformer)).toMatch(/^Landed on the Ledge: /), {
      timeout: 5_000,
    })
    expect(announced(platformer)).toMatch(/Ledge 10 px thick: hit at t = /)
    expect(
      within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem')[0]!.textContent,
    ).toBe('Ledge − Player')
    expect(platformer.textContent).not.toMatch(/\bplatform\b/)
  })

  it('MinkowskiExplorer names no box A or B with custom labels, at any step, apart or colliding', () => {
    const labels = { a: 'Player', b: 'Wall' }
    const obstacle = { x: 0, y: -40, width: 80, height: 80 }
    const apart = { x: -200, y: -30, width: 60, height: 60 }
    for (const box of [apart, { ...apart, x: -40 }]) {
      for (let step = 0; step <= 5; step++) {
        const { container, unmount } = render(
          <MinkowskiExplorer box={box} obstacle={obstacle} step={step} labels={labels} />,
        )
        expect(articleNamesIn(container), `step ${step}, A at x = ${box.x}`).toEqual([])
        unmount()
      }
    }
    // The colliding scene showed its ways out, which name the boxes too.
    render(<MinkowskiExplorer box={{ ...apart, x: -40 }} obstacle={obstacle} labels={labels} />)
    expect(screen.getByTestId('penetration-candidates').textContent).toContain('move Player')
  })

  it('RelativeMotionDemo names no box A or B with custom labels, in its vectors either', () => {
    const labels = { a: 'Player', b: 'Wall' }
    const scene = {
      boxA: { x: -200, y: -40, width: 80, height: 60 },
      boxB: { x: 60, y: -30, width: 60, height: 60 },
      motionA: { x: 300, y: 0 },
    }
    for (const observer of ['world', 'a', 'b'] as const) {
      const { container, unmount } = render(
        <RelativeMotionDemo {...scene} observer={observer} labels={labels} />,
      )
      // A hit: the numbers panel lists where each box is at the time of impact.
      expect(screen.getByTestId('impact-position-a').textContent).toMatch(/^p_Player \+ v_Player/)
      expect(articleNamesIn(container), `riding with ${observer}`).toEqual([])
      unmount()
    }
    const { container } = render(<RelativeMotionDemo {...scene} />)
    expect(screen.getByTestId('relative-ba').textContent).toMatch(/^v_B\/A · Δt = \(v_B − v_A\)/)
    expect(articleNamesIn(container)).not.toEqual([])
  })

  it('OverlapTestDemo and DiscreteCollisionDemo name their colours in a legend', () => {
    render(
      <>
        <OverlapTestDemo />
        <DiscreteCollisionDemo />
      </>,
    )
    const [overlap, discrete] = screen.getAllByRole('list', { name: 'Legend' })
    expect(
      within(overlap!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'first box (green: overlapping)',
      'second box',
      'Minkowski difference first box − second box',
      'origin',
    ])
    expect(
      within(discrete!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'obstacle',
      'your box (red: apart)',
      'Minkowski difference obstacle − your box',
      'origin',
      'penetration vector',
    ])
  })

  it('IntegratorComparison names its axes in every panel and its marks in a legend', () => {
    render(<IntegratorComparison />)
    for (const name of ['Explicit Euler', 'Semi-implicit Euler', 'Runge-Kutta 4']) {
      const panel = screen.getByRole('img', { name: new RegExp(`^${name}:`) })
      const texts = [...panel.querySelectorAll('text')].map((text) => text.textContent)
      expect(texts, name).toEqual(['x', 'v / ω'])
    }
    expect(
      within(screen.getByRole('list', { name: 'Legend' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'the start’s energy',
      'exact motion, now',
      'the integrator’s trail',
      'the integrator, now',
    ])
  })

  const badScenes: ReadonlyArray<[ReactElement, string]> = [
    [
      <TunnelingDemo speed={Number.NaN} />,
      '<TunnelingDemo>: speed must be a finite number > 0 (got NaN)',
    ],
    [
      <TunnelingDemo wallX={Infinity} />,
      '<TunnelingDemo>: wallX must be a finite number (got Infinity)',
    ],
    [
      <TunnelingDemo start={{ x: 0, y: 0, width: -1, height: 10 }} />,
      '<TunnelingDemo>: start.width must be a finite number >= 0 (got -1)',
    ],
    [
      <SweptPlatformerDemo boxSize={0} />,
      '<SweptPlatformerDemo>: boxSize must be a finite number > 0 (got 0)',
    ],
    [
      <SweptPlatformerDemo platform={{ x: 0, y: 0, width: 10, height: Number.NaN }} />,
      '<SweptPlatformerDemo>: platform.height must be a finite number >= 0 (got NaN)',
    ],
    [
      <DiscreteCollisionDemo size={-5} />,
      '<DiscreteCollisionDemo>: size must be a finite number > 0 (got -5)',
    ],
    [
      <DiscreteCollisionDemo start={{ x: 0, y: Number.POSITIVE_INFINITY }} />,
      '<DiscreteCollisionDemo>: start.y must be a finite number (got Infinity)',
    ],
    [
      <MinkowskiExplorer box={{ x: Number.NaN, y: 0, width: 10, height: 10 }} />,
      '<MinkowskiExplorer>: box.x must be a finite number (got NaN)',
    ],
    [
      <MinkowskiExplorer labels={{ a: '', b: 'B' }} />,
      '<MinkowskiExplorer>: labels.a must be a non-empty string (got "")',
    ],
    [
      <DiscreteCollisionDemo labels={{ a: 'box', b: ' ' }} />,
      '<DiscreteCollisionDemo>: labels.b must be a non-empty string (got " ")',
    ],
    [
      <TunnelingDemo labels={{ a: 'box', b: '' }} />,
      '<TunnelingDemo>: labels.b must be a non-empty string (got "")',
    ],
    [
      <RelativeMotionDemo motionB={{ x: Infinity, y: 0 }} />,
      '<RelativeMotionDemo>: motionB.x must be a finite number (got Infinity)',
    ],
    [
      <OverlapTestDemo first={{ center: { x: 0, y: 0 }, halfExtents: { x: -1, y: 1 } }} />,
      '<OverlapTestDemo>: first.halfExtents.x must be a finite number >= 0 (got -1)',
    ],
    [
      <IntegratorComparison dt={0} />,
      '<IntegratorComparison>: dt must be a finite number > 0 (got 0)',
    ],
  ]

  it.each(badScenes)(
    'refuses a bad prop with an error naming the widget and the prop (%#)',
    (element, message) => {
      // React reports the render error to the console as well: that copy is not under test.
      vi.spyOn(console, 'error').mockImplementation(() => {})
      expect(() => render(element)).toThrow(message)
    },
  )
})
