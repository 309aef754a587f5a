import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  Article001Table,
  DiscreteCollisionDemo,
  IntegratorComparison,
  MinkowskiExplorer,
  OverlapTestDemo,
  RelativeMotionDemo,
  SweptPlatformerDemo,
  TunnelingDemo,
} from '../../src/widgets/index.js'

/**
 * Widgets are embedded in MDX pages, which servers render. React 18's server renderer logs
 * "useLayoutEffect does nothing on the server" for each `useLayoutEffect` call (React 19
 * stays silent), so the widgets' code gets a `useLayoutEffect` that logs the same way: a
 * layout effect reached on the server fails these tests under either major. The react18
 * project runs them against React 18 itself.
 */
vi.mock('react', async (importOriginal) =>
  (await import('../support/serverLayoutEffect.js')).withServerLayoutEffectWarning(
    await importOriginal(),
  ),
)

afterEach(() => {
  vi.restoreAllMocks()
})

const widgets: [string, ReactElement, string][] = [
  ['Article001Table', <Article001Table key="t" />, '<table'],
  ['OverlapTestDemo', <OverlapTestDemo key="o" />, '<svg'],
  ['DiscreteCollisionDemo', <DiscreteCollisionDemo key="d" />, '<svg'],
  ['MinkowskiExplorer', <MinkowskiExplorer key="m" />, '<svg'],
  ['RelativeMotionDemo', <RelativeMotionDemo key="r" />, '<svg'],
  ['SweptPlatformerDemo', <SweptPlatformerDemo key="s" />, '<svg'],
  ['TunnelingDemo', <TunnelingDemo key="tu" />, '<svg'],
  ['IntegratorComparison', <IntegratorComparison key="i" />, '<svg'],
]

describe('widgets on a server', () => {
  it.each(widgets)('%s renders its markup without a window, logging nothing', (_, widget, tag) => {
    expect(typeof window).toBe('undefined')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const html = renderToString(widget)
    expect(errors.mock.calls).toEqual([])
    expect(warnings.mock.calls).toEqual([])
    expect(html).toContain(tag)
  })
})
