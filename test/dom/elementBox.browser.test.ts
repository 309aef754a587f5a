import fc from 'fast-check'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { measureContainerSpace } from '../../src/dom/containerSpace.js'
import { createElementBox } from '../../src/dom/elementBox.js'

const svgNamespace = 'http://www.w3.org/2000/svg'

function html(markup: string): HTMLElement {
  const host = document.createElement('div')
  host.innerHTML = markup
  document.body.appendChild(host)
  return host
}

afterEach(() => {
  document.body.innerHTML = ''
  window.scrollTo(0, 0)
  vi.restoreAllMocks()
})

/** Where `element`'s border box shows, relative to `world`'s (no border or padding on it). */
function shownAt(element: Element, world: Element): { x: number; y: number } {
  const box = element.getBoundingClientRect()
  const origin = world.getBoundingClientRect()
  return { x: box.left - origin.left, y: box.top - origin.top }
}

describe('measuring HTML elements into container space', () => {
  it('measures the layout box relative to the container padding box', () => {
    const host = html(`
      <div id="world" style="position: relative; margin: 37px; border: 3px solid; padding: 5px; width: 400px; height: 300px">
        <div id="card" style="position: absolute; left: 50px; top: 20px; width: 80px; height: 40px"></div>
      </div>`)
    const world = host.querySelector<HTMLElement>('#world')!
    const card = createElementBox(host.querySelector<HTMLElement>('#card')!)
    const rect = card.measure(measureContainerSpace(world)!)
    expect(rect).toEqual({ x: 50, y: 20, width: 80, height: 40 })
    expect(measureContainerSpace(world)!.edges).toEqual({ x: 0, y: 0, width: 410, height: 310 })
  })

  it('is unaffected by page scroll and by the container being scrolled', () => {
    const host = html(`
      <div style="height: 2000px"></div>
      <div id="world" style="position: relative; width: 300px; height: 200px; overflow: auto">
        <div style="height: 1000px"></div>
        <div id="card" style="position: absolute; left: 10px; top: 600px; width: 50px; height: 50px"></div>
      </div>
      <div style="height: 2000px"></div>`)
    const world = host.querySelector<HTMLElement>('#world')!
    const card = createElementBox(host.querySelector<HTMLElement>('#card')!)
    window.scrollTo(0, 1500)
    world.scrollTop = 450
    expect(card.measure(measureContainerSpace(world)!)).toEqual({
      x: 10,
      y: 600,
      width: 50,
      height: 50,
    })
  })

  it('takes a fractional container size for what it is, not for a scale', () => {
    const host = html(`
      <div id="world" style="position: relative; width: 400.5px; height: 300.25px; padding: 2.25px">
        <div id="card" style="position: absolute; left: 200px; top: 200px; width: 80px; height: 40px"></div>
      </div>`)
    const world = host.querySelector<HTMLElement>('#world')!
    const space = measureContainerSpace(world)!
    const rect = createElementBox(host.querySelector<HTMLElement>('#card')!).measure(space)!
    // offsetWidth rounds 405 to 405 but 304.75 to 305: read as a scale, x and y were 0.1% off.
    expect(rect.x).toBeCloseTo(200, 4)
    expect(rect.y).toBeCloseTo(200, 4)
    expect(rect.width).toBeCloseTo(80, 4)
    expect(rect.height).toBeCloseTo(40, 4)
    expect(space.edges.width).toBeCloseTo(405, 4)
    expect(space.edges.height).toBeCloseTo(304.75, 4)
  })

  it('divides out an ancestor CSS scale', () => {
    const host = html(`
      <div style="transform: scale(0.5); transform-origin: 0 0">
        <div id="world" style="position: relative; width: 400px; height: 300px">
          <div id="card" style="position: absolute; left: 100px; top: 60px; width: 80px; height: 40px"></div>
        </div>
      </div>`)
    const world = host.querySelector<HTMLElement>('#world')!
    const card = createElementBox(host.querySelector<HTMLElement>('#card')!)
    const rect = card.measure(measureContainerSpace(world)!)!
    expect(rect.x).toBeCloseTo(100, 3)
    expect(rect.y).toBeCloseTo(60, 3)
    expect(rect.width).toBeCloseTo(80, 3)
    expect(rect.height).toBeCloseTo(40, 3)
  })

  it('moves an element under a scaled wrapper inside the container by world units (a zoomed canvas)', () => {
    const host = html(`
      <div id="world" style="position: relative; width: 800px; height: 600px">
        <div style="transform: scale(2, 0.5); transform-origin: 0 0; width: 400px; height: 600px">
          <div id="card" style="position: absolute; left: 10px; top: 10px; width: 20px; height: 20px"></div>
        </div>
      </div>`)
    const world = host.querySelector<HTMLElement>('#world')!
    const element = host.querySelector<HTMLElement>('#card')!
    const card = createElementBox(element)
    const space = measureContainerSpace(world)!
    expect(card.measure(space)).toEqual({ x: 20, y: 5, width: 40, height: 10 })
    card.write(120, 45)
    expect(element.style.translate).toBe('50px 80px')
    expect(shownAt(element, world)).toEqual({ x: 120, y: 45 })
    expect(card.measure(space)).toEqual({ x: 120, y: 45, width: 40, height: 10 })
  })

  it('writes with the translate property, keeps the user transform, and restores on removal', () => {
    const host = html(`
      <div id="world" style="position: relative; width: 400px; height: 300px">
        <div id="card" style="position: absolute; left: 10px; top: 10px; width: 50px; height: 50px; transform: rotate(0deg)"></div>
      </div>`)
    const world = host.querySelector<HTMLElement>('#world')!
    const element = host.querySelector<HTMLElement>('#card')!
    const card = createElementBox(element)
    const space = measureContainerSpace(world)!
    card.measure(space)
    card.write(110, 60)
    expect(element.style.translate).toBe('100px 50px')
    expect(element.style.transform).toBe('rotate(0deg)')
    // Measured while displaced: the box is where it shows, the origin stays the layout one.
    expect(card.measure(space)).toEqual({ x: 110, y: 60, width: 50, height: 50 })
    card.write(20, 10)
    // The browser serialises a zero y away.
    expect(element.style.translate).toBe('10px')
    card.restore()
    expect(element.style.translate).toBe('')
    expect(element.getBoundingClientRect().left - world.getBoundingClientRect().left).toBe(10)
  })

  it('measures an inline <svg> in an HTML world by its own box, not what it draws, and moves it with translate', () => {
    const host = html(`
      <div id="world" style="position: relative; width: 400px; height: 300px">
        <svg id="icon" width="40" height="40" viewBox="0 0 10 10" style="position: absolute; left: 100px; top: 50px">
          <circle cx="5" cy="5" r="2" />
        </svg>
      </div>`)
    const world = host.querySelector<HTMLElement>('#world')!
    const icon = host.querySelector<SVGSVGElement>('#icon')!
    const box = createElementBox(icon)
    const space = measureContainerSpace(world)!
    expect(box.measure(space)).toEqual({ x: 100, y: 50, width: 40, height: 40 })
    box.write(150, 70)
    expect(icon.style.translate).toBe('50px 20px')
    expect(icon.hasAttribute('transform')).toBe(false)
    expect(shownAt(icon, world)).toEqual({ x: 150, y: 70 })
    box.restore()
    expect(shownAt(icon, world)).toEqual({ x: 100, y: 50 })
  })

  it('skips a move that rounds to the thousandth already written, and writes the next one', () => {
    const host = html(`
      <div id="world" style="position: relative; width: 400px; height: 300px">
        <div id="card" style="position: absolute; left: 10px; top: 10px; width: 50px; height: 50px"></div>
      </div>`)
    const element = host.querySelector<HTMLElement>('#card')!
    const card = createElementBox(element)
    card.measure(measureContainerSpace(host.querySelector<HTMLElement>('#world')!)!)
    card.write(110.25, 60)
    expect(element.style.translate).toBe('100.25px 50px')
    // A marker only a write can replace: a skipped write leaves it.
    element.style.translate = '7px 7px'
    card.write(110.2504, 59.9996)
    expect(element.style.translate).toBe('7px 7px')
    card.write(110.2506, 60)
    expect(element.style.translate).toBe('100.251px 50px')
    // After restore nothing is written any more, so the same position is written again.
    card.restore()
    card.write(110.251, 60)
    expect(element.style.translate).toBe('100.251px 50px')
  })

  it('takes away what the element shows, rounding included, when measured while displaced', () => {
    const host = html(`
      <div id="world" style="position: relative; width: 400px; height: 300px">
        <div id="card" style="position: absolute; left: 10px; top: 10px; width: 50px; height: 50px"></div>
      </div>`)
    const element = host.querySelector<HTMLElement>('#card')!
    const card = createElementBox(element)
    const space = measureContainerSpace(host.querySelector<HTMLElement>('#world')!)!
    card.measure(space)
    card.write(10.00049, 20)
    expect(element.style.translate).toBe('0px 10px')
    // It shows at x = 10 exactly: the origin stays 10, not 10 - 0.00049.
    expect(card.measure(space)).toEqual({ x: 10, y: 20, width: 50, height: 50 })
    card.write(10.0014, 20)
    expect(element.style.translate).toBe('0.001px 10px')
  })

  it('shows the element within half a thousandth of a pixel of the world position, measured again or not', () => {
    const host = html(`
      <div id="world" style="position: relative; width: 400px; height: 300px">
        <div id="card" style="position: absolute; left: 10px; top: 10px; width: 50px; height: 50px"></div>
      </div>`)
    const world = host.querySelector<HTMLElement>('#world')!
    const element = host.querySelector<HTMLElement>('#card')!
    const card = createElementBox(element)
    const space = measureContainerSpace(world)!
    card.measure(space)
    // Half a thousandth from rounding, plus what getBoundingClientRect's float precision
    // may add to the layout origin when measured while displaced.
    const tolerance = 0.0005 + 1e-4
    // Offsets within 999 px keep the browser's serialisation (6 significant digits) exact.
    const offset = fc.double({ min: -999, max: 999, noNaN: true })
    fc.assert(
      fc.property(offset, offset, fc.boolean(), (dx, dy, measureAgain) => {
        card.write(10 + dx, 10 + dy)
        const [x = '0px', y = '0px'] = element.style.translate.split(' ')
        expect(Math.abs(Number.parseFloat(x) - dx)).toBeLessThanOrEqual(tolerance)
        expect(Math.abs(Number.parseFloat(y) - dy)).toBeLessThanOrEqual(tolerance)
        if (!measureAgain) return
        const shown = card.measure(space)!
        expect(Math.abs(shown.x - (10 + dx))).toBeLessThanOrEqual(tolerance)
        expect(Math.abs(shown.y - (10 + dy))).toBeLessThanOrEqual(tolerance)
      }),
    )
  })

  it('exposes only measure, write and restore', () => {
    const card = createElementBox(document.createElement('div'))
    expect(Object.keys(card).sort()).toEqual(['measure', 'restore', 'write'])
  })

  it('shows an element with its own inline translate where the world says, and restores that translate', () => {
    const host = html(`
      <div id="world" style="position: relative; width: 400px; height: 300px">
        <div id="card" style="position: absolute; left: 0; top: 0; width: 50px; height: 50px; translate: 10px 0px"></div>
      </div>`)
    const world = host.querySelector<HTMLElement>('#world')!
    const element = host.querySelector<HTMLElement>('#card')!
    const card = createElementBox(element)
    const space = measureContainerSpace(world)!
    expect(card.measure(space)).toEqual({ x: 10, y: 0, width: 50, height: 50 })
    card.write(10, 0)
    expect(shownAt(element, world)).toEqual({ x: 10, y: 0 })
    card.write(15, 0)
    expect(shownAt(element, world)).toEqual({ x: 15, y: 0 })
    // Measured while displaced, it still shows (and is measured) where it was written.
    expect(card.measure(space)).toEqual({ x: 15, y: 0, width: 50, height: 50 })
    card.write(40, 30)
    expect(shownAt(element, world)).toEqual({ x: 40, y: 30 })
    card.restore()
    // As the browser serialises the inline "10px 0px" the element came with.
    expect(element.style.translate).toBe('10px')
    expect(shownAt(element, world)).toEqual({ x: 10, y: 0 })
  })

  it('shows an element with a translate from a stylesheet where the world says, measured again after a restore', () => {
    const host = html(`
      <style>.shifted { translate: 12px 3px }</style>
      <div id="world" style="position: relative; width: 400px; height: 300px">
        <div id="card" class="shifted" style="position: absolute; left: 20px; top: 10px; width: 50px; height: 50px"></div>
      </div>`)
    const world = host.querySelector<HTMLElement>('#world')!
    const element = host.querySelector<HTMLElement>('#card')!
    const card = createElementBox(element)
    const space = measureContainerSpace(world)!
    expect(card.measure(space)).toEqual({ x: 32, y: 13, width: 50, height: 50 })
    card.write(100, 50)
    expect(shownAt(element, world)).toEqual({ x: 100, y: 50 })
    card.restore()
    expect(element.style.translate).toBe('')
    expect(card.measure(space)).toEqual({ x: 32, y: 13, width: 50, height: 50 })
    card.write(60, 13)
    expect(shownAt(element, world)).toEqual({ x: 60, y: 13 })
  })

  it('keeps the z part of its own translate in every write', () => {
    const host = html(`
      <div id="world" style="position: relative; width: 400px; height: 300px">
        <div id="card" style="position: absolute; left: 0; top: 0; width: 50px; height: 50px; translate: 4px 6px 30px"></div>
      </div>`)
    const world = host.querySelector<HTMLElement>('#world')!
    const element = host.querySelector<HTMLElement>('#card')!
    const card = createElementBox(element)
    expect(card.measure(measureContainerSpace(world)!)).toEqual({
      x: 4,
      y: 6,
      width: 50,
      height: 50,
    })
    card.write(24.5, 6)
    expect(element.style.translate).toBe('24.5px 6px 30px')
    expect(shownAt(element, world)).toEqual({ x: 24.5, y: 6 })
  })

  it('warns once about an own translate it cannot follow (percentages, calc())', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const host = html(`
      <div id="world" style="position: relative; width: 400px; height: 300px">
        <div id="card" style="position: absolute; left: 0; top: 0; width: 50px; height: 50px; translate: 50%"></div>
      </div>`)
    const card = createElementBox(host.querySelector<HTMLElement>('#card')!)
    const space = measureContainerSpace(host.querySelector<HTMLElement>('#world')!)!
    card.measure(space)
    card.measure(space)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]?.[0])).toContain('"50%" is not in pixels')
  })

  it('measures an element of zero width as such (a divider), and one of 0 x 0 as no box', () => {
    const host = html(`
      <div id="world" style="position: relative; width: 400px; height: 300px">
        <div id="divider" style="position: absolute; left: 200px; top: 10px; width: 0; height: 120px"></div>
        <div id="empty" style="position: absolute; left: 20px; top: 10px"></div>
      </div>`)
    const space = measureContainerSpace(host.querySelector<HTMLElement>('#world')!)!
    const divider = createElementBox(host.querySelector<HTMLElement>('#divider')!)
    expect(divider.measure(space)).toEqual({ x: 200, y: 10, width: 0, height: 120 })
    expect(createElementBox(host.querySelector<HTMLElement>('#empty')!).measure(space)).toBeNull()
  })

  it('reports no box for an element with display: none', () => {
    const host = html(
      `<div id="world" style="width: 100px; height: 100px"><div id="card" style="display: none; width: 10px; height: 10px"></div></div>`,
    )
    const card = createElementBox(host.querySelector<HTMLElement>('#card')!)
    expect(
      card.measure(measureContainerSpace(host.querySelector<HTMLElement>('#world')!)!),
    ).toBeNull()
  })

  it('measures nothing (null) while the container is not rendered: display: none on it or an ancestor, or detached', () => {
    const host = html(`<div id="world" style="width: 100px; height: 100px"></div>`)
    const world = host.querySelector<HTMLElement>('#world')!
    host.style.display = 'none'
    expect(measureContainerSpace(world)).toBeNull()
    host.style.display = ''
    world.style.display = 'none'
    expect(measureContainerSpace(world)).toBeNull()
    world.style.display = ''
    expect(measureContainerSpace(world)?.edges).toEqual({ x: 0, y: 0, width: 100, height: 100 })
    world.remove()
    expect(measureContainerSpace(world)).toBeNull()
  })
})

describe('measuring SVG elements in user units', () => {
  function svgWorld(): { svg: SVGSVGElement; group: SVGGElement; rect: SVGRectElement } {
    const host = html(`
      <svg id="world" xmlns="${svgNamespace}" viewBox="0 0 200 100" width="400" height="200" style="display: block; margin: 13px">
        <g id="group" transform="translate(10 5) scale(2)">
          <rect id="rect" x="5" y="5" width="20" height="10" transform="rotate(0)" />
        </g>
      </svg>`)
    return {
      svg: host.querySelector('svg')!,
      group: host.querySelector('g')!,
      rect: host.querySelector('rect')!,
    }
  }

  it('measures through getBBox and the screen CTM into the viewBox units', () => {
    const { svg, rect } = svgWorld()
    const space = measureContainerSpace(svg)!
    const box = createElementBox(rect).measure(space)!
    expect(box.x).toBeCloseTo(20, 3)
    expect(box.y).toBeCloseTo(15, 3)
    expect(box.width).toBeCloseTo(40, 3)
    expect(box.height).toBeCloseTo(20, 3)
    expect(space.edges.width).toBeCloseTo(200, 3)
    expect(space.edges.height).toBeCloseTo(100, 3)
  })

  // A vertical <line> has a box of zero width: it is a line wall, not an element without a
  // size (only 0 x 0 is that), so it enters the world and blocks sweeps like a thin wall.
  it('measures a vertical <line> as a box of zero width, not as no box', () => {
    const { svg, group } = svgWorld()
    const line = document.createElementNS(svgNamespace, 'line')
    line.setAttribute('x1', '30')
    line.setAttribute('y1', '0')
    line.setAttribute('x2', '30')
    line.setAttribute('y2', '40')
    line.setAttribute('stroke', 'black')
    group.appendChild(line)
    const box = createElementBox(line).measure(measureContainerSpace(svg)!)!
    expect(box.width).toBe(0)
    expect(box.x).toBeCloseTo(70, 3)
    expect(box.height).toBeCloseTo(80, 3)
  })

  it('measures nothing (null) while the svg is not rendered: hidden by an ancestor, or detached', () => {
    const { svg } = svgWorld()
    const host = svg.parentElement!
    host.style.display = 'none'
    expect(measureContainerSpace(svg)).toBeNull()
    host.style.display = ''
    expect(measureContainerSpace(svg)).not.toBeNull()
    svg.remove()
    expect(measureContainerSpace(svg)).toBeNull()
  })

  it('writes a translate in the parent units before the user transform, and restores it', () => {
    const { svg, rect } = svgWorld()
    const space = measureContainerSpace(svg)!
    const box = createElementBox(rect)
    box.measure(space)
    box.write(60, 15)
    // 40 world units right is 20 units in the group, which is scaled by 2.
    expect(rect.getAttribute('transform')).toBe('translate(20 0) rotate(0)')
    const moved = box.measure(space)!
    expect(moved.x).toBeCloseTo(60, 3)
    expect(moved.y).toBeCloseTo(15, 3)
    box.restore()
    expect(rect.getAttribute('transform')).toBe('rotate(0)')
  })

  it('skips a move that rounds to the translate already written', () => {
    const { svg, rect } = svgWorld()
    const box = createElementBox(rect)
    box.measure(measureContainerSpace(svg)!)
    box.write(60.5, 15)
    expect(rect.getAttribute('transform')).toBe('translate(20.25 0) rotate(0)')
    rect.setAttribute('transform', 'marker')
    // 0.0008 world units are 0.0004 units in the group (scaled by 2): the same thousandth.
    box.write(60.5008, 15)
    expect(rect.getAttribute('transform')).toBe('marker')
    box.write(60.502, 15)
    expect(rect.getAttribute('transform')).toBe('translate(20.251 0) rotate(0)')
  })
})
