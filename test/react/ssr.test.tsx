import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import { useExternalDraggable } from '../../src/react/useExternalDraggable.js'
import { Card } from './support/components.js'

/**
 * React 19 stays silent about layout effects on the server, but React 18 (also in the peer
 * range) logs "useLayoutEffect does nothing on the server" for each call during
 * `renderToString`. The library's code gets a `useLayoutEffect` that logs as React 18's
 * server renderer does, so any layout effect reached on the server fails these tests.
 */
vi.mock('react', async (importOriginal) =>
  (await import('../support/serverLayoutEffect.js')).withServerLayoutEffectWarning(
    await importOriginal(),
  ),
)

afterEach(() => {
  vi.restoreAllMocks()
})

describe('server rendering', () => {
  it('renders the container and bodies without a window, logging nothing', () => {
    expect(typeof window).toBe('undefined')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const html = renderToString(
      <PhysicsWorld bounds="container" debug gravity={{ x: 0, y: 10 }}>
        <Card id="a" draggable keyboard />
      </PhysicsWorld>,
    )
    expect(errors).not.toHaveBeenCalled()
    expect(html).toContain('data-aabb-world=""')
    expect(html).toContain('class="card"')
    expect(html).toContain('aria-live="polite"')
  })

  it('renders an svg world', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const html = renderToString(<PhysicsWorld as="svg" viewBox="0 0 100 100" />)
    expect(errors).not.toHaveBeenCalled()
    expect(html).toMatch(/^<svg[^>]*data-aabb-world=""[^>]*viewBox="0 0 100 100"/)
  })

  it('renders a group of boards and a palette item', () => {
    function PaletteItem() {
      const { ref } = useExternalDraggable({ id: 'note', width: 100, height: 60 })
      return <div ref={ref}>note</div>
    }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const html = renderToString(
      <>
        <PhysicsWorld id="todo" group="kanban" onTransfer={() => {}} onExternalDrop={() => {}} />
        <PaletteItem />
      </>,
    )
    expect(errors).not.toHaveBeenCalled()
    expect(html).toContain('id="todo"')
    // The world's own props stay off the container.
    expect(html).not.toMatch(/group=|ontransfer/i)
    expect(html).toContain('<div>note</div>')
  })
})
