// @vitest-environment happy-dom
import { act, type ReactElement } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import { useAABBBody } from '../../src/react/useAABBBody.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { WorldProbe } from './support/components.js'
import { installFakeLayout } from './support/fakeLayout.js'
import { createManualFrames } from './support/manualFrames.js'

beforeEach(() => {
  installFakeLayout()
})

afterEach(() => {
  vi.restoreAllMocks()
  document.body.innerHTML = ''
})

/**
 * `renderToString(app)`, as a server would render it. It runs beside this test's DOM, so the
 * hooks took `useLayoutEffect` (a real server has no window and takes `useEffect`: see
 * ssr.test.tsx), and React 18's server renderer logs for each call that it does nothing on
 * a server; any other error it logs fails the test.
 */
function serverMarkup(app: ReactElement): string {
  const logged: unknown[] = []
  const errors = vi.spyOn(console, 'error').mockImplementation((...args) => logged.push(args[0]))
  const markup = renderToString(app)
  errors.mockRestore()
  expect(
    logged.filter((first) => !String(first).includes('useLayoutEffect does nothing on the server')),
  ).toEqual([])
  return markup
}

function Anonymous({ x }: { x: number }) {
  const { ref } = useAABBBody<HTMLDivElement>({ draggable: true })
  return <div ref={ref} style={{ position: 'absolute', left: x, width: 40, height: 40 }} />
}

describe('hydration', () => {
  it('hydrates server markup without mismatches and registers the bodies with useId ids', () => {
    let api: WorldApi | undefined
    const frames = createManualFrames()
    const app = (
      <PhysicsWorld
        scheduler={frames.scheduler}
        now={frames.now}
        style={{ width: 400, height: 300 }}
      >
        <WorldProbe onApi={(value) => (api = value)} />
        <Anonymous x={0} />
        <Anonymous x={100} />
      </PhysicsWorld>
    )
    const host = document.createElement('div')
    host.innerHTML = serverMarkup(app)
    document.body.appendChild(host)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const recoverable = vi.fn()
    let root: ReturnType<typeof hydrateRoot> | undefined
    act(() => {
      root = hydrateRoot(host, app, { onRecoverableError: recoverable })
    })
    expect(recoverable).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
    const ids = [...host.querySelectorAll('[data-aabb-body]')].map((element) =>
      element.getAttribute('data-aabb-body'),
    )
    expect(ids).toHaveLength(2)
    expect(new Set(ids).size).toBe(2)
    expect(api!.world.ids().sort()).toEqual([...ids].sort())
    act(() => root!.unmount())
    expect(api!.world.size).toBe(0)
  })

  it('hydrates a debug board: the overlay, loaded lazily, is left out of the server markup', async () => {
    const frames = createManualFrames()
    const app = (
      <PhysicsWorld
        debug
        scheduler={frames.scheduler}
        now={frames.now}
        style={{ width: 400, height: 300 }}
      >
        <Anonymous x={0} />
      </PhysicsWorld>
    )
    const markup = serverMarkup(app)
    // renderToString cannot wait for a lazy component: a Suspense boundary there would be
    // sent unfinished (<!--$!-->) and switch the client to rendering it from scratch.
    expect(markup).not.toContain('<!--$')
    const host = document.createElement('div')
    host.innerHTML = markup
    document.body.appendChild(host)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const recoverable = vi.fn()
    let root: ReturnType<typeof hydrateRoot> | undefined
    await act(async () => {
      root = hydrateRoot(host, app, { onRecoverableError: recoverable })
      await import('../../src/debug.js')
    })
    expect(recoverable).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
    // After hydration the overlay loads and draws.
    await vi.waitFor(() => expect(host.querySelector('[data-aabb-debug]')).not.toBeNull())
    act(() => root!.unmount())
  })
})
