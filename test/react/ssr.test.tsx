import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import { Card } from './support/components.js'

describe('server rendering', () => {
  it('renders the container and bodies without a window', () => {
    expect(typeof window).toBe('undefined')
    const html = renderToString(
      <PhysicsWorld bounds="container" debug gravity={{ x: 0, y: 10 }}>
        <Card id="a" draggable keyboard />
      </PhysicsWorld>,
    )
    expect(html).toContain('data-aabb-world=""')
    expect(html).toContain('class="card"')
    expect(html).toContain('aria-live="polite"')
  })

  it('renders an svg world', () => {
    const html = renderToString(<PhysicsWorld as="svg" viewBox="0 0 100 100" />)
    expect(html).toMatch(/^<svg[^>]*data-aabb-world=""[^>]*viewBox="0 0 100 100"/)
  })
})
