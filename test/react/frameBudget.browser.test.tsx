import { cleanup, render } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import type { WorldApi } from '../../src/react/useWorld.js'
import { Card, WorldProbe } from './support/components.js'
import { nextFrames } from './support/realPointer.js'
import { bodyElement } from './support/bodyElement.js'

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
  it('moves 500 bodies for 60 frames with 0 React commits and 0 layout reads, showing each where its body is', async () => {
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
    const element = bodyElement(document, 'card-0')
    expect(element.style.translate).not.toBe('')
    // Every element shows its body's position to half a thousandth of a pixel.
    api!.pause()
    await nextFrames(2)
    ids.forEach((id, index) => {
      const body = world.get(id)
      const layoutX = (index % columns) * pitch + 5
      const layoutY = Math.floor(index / columns) * pitch + 5
      const card = bodyElement(document, id)
      const [x = '0px', y = '0px'] = card.style.translate.split(' ')
      expect(Math.abs(Number.parseFloat(x) - (body.x - layoutX))).toBeLessThanOrEqual(0.0005 + 1e-9)
      expect(Math.abs(Number.parseFloat(y) - (body.y - layoutY))).toBeLessThanOrEqual(0.0005 + 1e-9)
    })
  })

  it('does not write a move below half a thousandth of a pixel, and writes the next one', async () => {
    let api: WorldApi | undefined
    render(
      <PhysicsWorld style={{ position: 'relative', width: 400, height: 300 }}>
        <WorldProbe onApi={(value) => (api = value)} />
        <Card id="card" x={10} y={10} />
      </PhysicsWorld>,
    )
    await nextFrames(2)
    const card = bodyElement(document, 'card')
    api!.world.update('card', { x: 30.25 })
    api!.wake()
    await nextFrames(2)
    expect(card.style.translate).toBe('20.25px')
    // A marker only a write can replace. (Writing an equal value makes no mutation record,
    // so a MutationObserver could not tell a skipped write from a repeated one.)
    card.style.translate = '7px 7px'
    api!.world.update('card', { x: 30.2504 })
    api!.wake()
    await nextFrames(2)
    expect(card.style.translate).toBe('7px 7px')
    api!.world.update('card', { x: 30.2506 })
    api!.wake()
    await nextFrames(2)
    expect(card.style.translate).toBe('20.251px')
  })
})
