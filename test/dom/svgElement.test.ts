// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { appendSvgElement } from '../../src/dom/svgElement.js'

afterEach(() => {
  document.body.innerHTML = ''
})

function svgGroup(): SVGGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
  const group = document.createElementNS('http://www.w3.org/2000/svg', 'g')
  svg.appendChild(group)
  document.body.appendChild(svg)
  return group
}

describe('appendSvgElement', () => {
  it('creates an SVG element with the attributes, numbers as strings, and appends it last', () => {
    const group = svgGroup()
    const first = appendSvgElement(group, 'line')
    const dot = appendSvgElement(group, 'circle', { r: 3, fill: '#2a8', 'data-id': 'a' })
    expect(dot.namespaceURI).toBe('http://www.w3.org/2000/svg')
    expect(dot.tagName).toBe('circle')
    expect(dot.getAttribute('r')).toBe('3')
    expect(dot.getAttribute('fill')).toBe('#2a8')
    expect(dot.getAttribute('data-id')).toBe('a')
    expect([...group.children]).toEqual([first, dot])
    expect(first.attributes).toHaveLength(0)
  })
})
