import { cleanup, render } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { Card, WorldProbe } from './support/components.js'
import { nextFrames } from './support/realPointer.js'

afterEach(() => {
  cleanup()
})

const columns = 25
const rows = 20
const pitch = 30

/** Counts calls of the layout-reading methods while `run` is awaited. */
async function countLayoutReads(run: () => Promise<void>): Promise<number> {
  let reads = 0
  const patched: Array<[object, string, unknown]> = []
  const methods: Array<[object, string]> = [
    [Element.prototype, 'getBoundingClientRect'],
    [SVGGraphicsElement.prototype, 'getBBox'],
    [SVGGraphicsElement.prototype, 'getScreenCTM'],
    [window, 'getComputedStyle'],
  ]
  for (const [target, name] of methods) {
    const original = (target as Record<string, (...args: unknown[]) => unknown>)[name]!
    patched.push([target, name, original])
    ;(target as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      reads++
      return original.apply(this, args)
    }
  }
  try {
    await run()
  } finally {
    for (const [target, name, original] of patched)
      (target as Record<string, unknown>)[name] = original
  }
  return reads
}

describe('the frame loop in Chromium', () => {
  it('moves 500 bodies for 60 frames with 0 React commits and 0 layout reads', async () => {
    let api: WorldApi | undefined
    let commits = 0
    const ids = Array.from({ length: columns * rows }, (_, index) => `card-${index}`)
    render(
      <PhysicsWorld
        bounds="container"
        style={{ position: 'relative', width: columns * pitch, height: rows * pitch }}
      >
        <WorldProbe onApi={(value) => (api = value)} />
        <Profiler id="cards" onRender={() => commits++}>
          {ids.map((id, index) => (
            <Card
              key={id}
              id={id}
              x={(index % columns) * pitch + 5}
              y={Math.floor(index / columns) * pitch + 5}
              width={20}
              height={20}
              response="bounce"
              restitution={1}
            />
          ))}
        </Profiler>
      </PhysicsWorld>,
    )
    await nextFrames(2)
    const world = api!.world
    ids.forEach((id, index) => {
      const angle = index * 2.399963
      world.update(id, { velocity: { x: 120 * Math.cos(angle), y: 120 * Math.sin(angle) } })
    })
    const before = world.get('card-0')
    const commitsBefore = commits
    const reads = await countLayoutReads(async () => {
      api!.wake()
      await nextFrames(60)
    })
    expect(reads).toBe(0)
    expect(commits - commitsBefore).toBe(0)
    // The bodies moved, and so did their elements.
    const after = world.get('card-0')
    expect(after.x !== before.x || after.y !== before.y).toBe(true)
    const element = document.querySelector<HTMLElement>('[data-aabb-body="card-0"]')!
    expect(element.style.translate).not.toBe('')
  })
})
