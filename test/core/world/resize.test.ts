import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  createWorld,
  type BodyResizeOptions,
  type ResizeMode,
  type World,
} from '../../../src/core/world/index.js'
import { bodiesOf, overlapDepth } from './helpers.js'

/** Three 100 x 50 cards in a row at y = 0: `a` at 0, `b` at 100, `c` at 200. */
function row(): World {
  const w = createWorld()
  w.add({ id: 'a', x: 0, y: 0, width: 100, height: 50 })
  w.add({ id: 'b', x: 100, y: 0, width: 100, height: 50 })
  w.add({ id: 'c', x: 200, y: 0, width: 100, height: 50 })
  return w
}

function rectOf(w: World, id: string) {
  const { x, y, width, height } = w.get(id)
  return { x, y, width, height }
}

describe('world.resize', () => {
  it("'push' (the default) grows the right edge and pushes the chain ahead", () => {
    const w = row()
    const result = w.resize('a', { x: 0, y: 0, width: 130, height: 50 })
    expect(result.rect).toEqual({ x: 0, y: 0, width: 130, height: 50 })
    expect(result.reached).toBe(true)
    expect(rectOf(w, 'b')).toEqual({ x: 130, y: 0, width: 100, height: 50 })
    expect(rectOf(w, 'c')).toEqual({ x: 230, y: 0, width: 100, height: 50 })
    expect(result.pushed).toEqual([
      { id: 'c', by: 'b', from: { x: 200, y: 0 }, to: { x: 230, y: 0 } },
      { id: 'b', by: 'a', from: { x: 100, y: 0 }, to: { x: 130, y: 0 } },
    ])
    expect(result.squeezed).toEqual([])
  })

  it("'push' stops where the chain meets a solid", () => {
    const w = row()
    w.add({ id: 'wall', x: 320, y: 0, width: 10, height: 50, type: 'static' })
    const result = w.resize('a', { x: 0, y: 0, width: 200, height: 50 })
    expect(result.rect).toEqual({ x: 0, y: 0, width: 120, height: 50 })
    expect(result.reached).toBe(false)
    expect(rectOf(w, 'c').x).toBe(220)
    expect(result.hits).toEqual([{ other: 'b', normal: { x: -1, y: 0 } }])
  })

  it("'stop' stops the edge at the first contact; push: false means the same", () => {
    const w = createWorld()
    w.add({ id: 'a', x: 0, y: 0, width: 100, height: 50 })
    w.add({ id: 'b', x: 150, y: 0, width: 100, height: 50 })
    const result = w.resize('a', { x: 0, y: 0, width: 200, height: 50 }, { mode: 'stop' })
    expect(result.rect).toEqual({ x: 0, y: 0, width: 150, height: 50 })
    expect(result.hits).toEqual([{ other: 'b', normal: { x: -1, y: 0 } }])
    expect(result.pushed).toEqual([])
    expect(rectOf(w, 'b').x).toBe(150)
    w.resize('a', { x: 0, y: 0, width: 100, height: 50 })
    expect(w.resize('a', { x: 0, y: 0, width: 300, height: 50 }, { push: false }).rect.width).toBe(
      150,
    )
  })

  it("'squeeze' shrinks the card ahead from its near side down to its minimum, then pushes", () => {
    const w = row()
    const options: BodyResizeOptions = {
      mode: 'squeeze',
      // An id of no body is ignored (the board's map may name a card removed mid-drag).
      minSizes: { b: { width: 40, height: 0 }, removed: { width: 500, height: 500 } },
    }
    const first = w.resize('a', { x: 0, y: 0, width: 150, height: 50 }, options)
    expect(first.rect.width).toBe(150)
    // b's right edge stays at 200; c is untouched.
    expect(rectOf(w, 'b')).toEqual({ x: 150, y: 0, width: 50, height: 50 })
    expect(rectOf(w, 'c').x).toBe(200)
    expect(first.squeezed).toEqual([
      {
        id: 'b',
        from: { x: 100, y: 0, width: 100, height: 50 },
        to: { x: 150, y: 0, width: 50, height: 50 },
      },
    ])
    // Its near edge moved on with a's right edge: a pushed it.
    expect(first.pushed).toEqual([
      { id: 'b', by: 'a', from: { x: 100, y: 0 }, to: { x: 150, y: 0 } },
    ])
    // 30 more: b gives 10 (down to 40), then b and c are pushed 20. c has no minimum of its
    // own above minSize (0) but is never met by the edge: only b is squeezed.
    const second = w.resize('a', { x: 0, y: 0, width: 180, height: 50 }, options)
    expect(second.rect.width).toBe(180)
    expect(rectOf(w, 'b')).toEqual({ x: 180, y: 0, width: 40, height: 50 })
    expect(rectOf(w, 'c')).toEqual({ x: 220, y: 0, width: 100, height: 50 })
    // The edge met b in the squeeze and again in the push: one hit.
    expect(second.hits).toEqual([{ other: 'b', normal: { x: -1, y: 0 } }])
  })

  it("'squeeze' through the left edge keeps the squeezed card's left edge", () => {
    const w = createWorld()
    w.add({ id: 'left', x: 0, y: 0, width: 100, height: 50 })
    w.add({ id: 'a', x: 100, y: 0, width: 100, height: 50 })
    const result = w.resize(
      'a',
      { x: 70, y: 0, width: 130, height: 50 },
      { mode: 'squeeze', minSize: { width: 20, height: 20 } },
    )
    expect(result.rect).toEqual({ x: 70, y: 0, width: 130, height: 50 })
    expect(rectOf(w, 'left')).toEqual({ x: 0, y: 0, width: 70, height: 50 })
    expect(result.pushed).toEqual([])
    expect(result.squeezed.map((body) => body.id)).toEqual(['left'])
  })

  it('moves the left and top edges with the right and bottom ones fixed (a corner)', () => {
    const w = createWorld()
    w.add({ id: 'a', x: 100, y: 100, width: 100, height: 100 })
    w.add({ id: 'above', x: 100, y: 40, width: 100, height: 50, type: 'static' })
    const result = w.resize('a', { x: 50, y: 50, width: 150, height: 150 })
    // The left edge reaches 50; the top edge stops at the static card's bottom (90).
    expect(result.rect).toEqual({ x: 50, y: 90, width: 150, height: 110 })
    expect(result.hits).toEqual([{ other: 'above', normal: { x: 0, y: 1 } }])
  })

  it('shrinks without a sweep, and clamps to minSize and maxSize at the moving edge', () => {
    const w = row()
    expect(w.resize('b', { x: 100, y: 0, width: 60, height: 50 }).rect.width).toBe(60)
    const clamped = w.resize(
      'b',
      { x: 100, y: 0, width: 10, height: 50 },
      { minSize: { width: 30, height: 30 } },
    )
    expect(clamped.rect).toEqual({ x: 100, y: 0, width: 30, height: 50 })
    expect(clamped.reached).toBe(true)
    // The left edge moves: the right edge (130) stays.
    expect(
      w.resize('b', { x: 0, y: 0, width: 130, height: 50 }, { maxSize: { width: 50, height: 50 } })
        .rect,
    ).toEqual({ x: 80, y: 0, width: 50, height: 50 })
    // Growing from 30 to 50 through the left edge pushed a (touching it) 20 px left.
    expect(rectOf(w, 'a')).toEqual({ x: -20, y: 0, width: 100, height: 50 })
  })

  it("keeps the world's gap: the moving edge stops, pushes and squeezes a gap away", () => {
    const gapped = () => {
      const w = createWorld({ gap: 10 })
      w.add({ id: 'a', x: 0, y: 0, width: 100, height: 50 })
      w.add({ id: 'b', x: 200, y: 0, width: 100, height: 50 })
      w.add({ id: 'wall', x: 400, y: 0, width: 10, height: 50, type: 'static' })
      return w
    }
    const stop = gapped()
    const stopped = stop.resize('a', { x: 0, y: 0, width: 250, height: 50 }, { mode: 'stop' })
    expect(stopped.rect).toEqual({ x: 0, y: 0, width: 190, height: 50 })
    expect(stopped.reached).toBe(false)

    const push = gapped()
    push.resize('a', { x: 0, y: 0, width: 300, height: 50 })
    expect(rectOf(push, 'a')).toEqual({ x: 0, y: 0, width: 280, height: 50 })
    expect(rectOf(push, 'b')).toEqual({ x: 290, y: 0, width: 100, height: 50 })

    const squeeze = gapped()
    const squeezed = squeeze.resize(
      'a',
      { x: 0, y: 0, width: 250, height: 50 },
      { mode: 'squeeze', minSize: { width: 40, height: 40 } },
    )
    expect(rectOf(squeeze, 'a')).toEqual({ x: 0, y: 0, width: 250, height: 50 })
    expect(rectOf(squeeze, 'b')).toEqual({ x: 260, y: 0, width: 40, height: 50 })
    expect(squeezed.squeezed).toEqual([
      { id: 'b', from: { x: 200, y: 0, width: 100, height: 50 }, to: rectOf(squeeze, 'b') },
    ])

    // A shrink keeps the fixed edge exactly, and a resize that changes nothing is reached.
    const shrink = gapped()
    const shrunk = shrink.resize('a', { x: 30, y: 0, width: 70, height: 50 })
    expect(shrunk).toMatchObject({ rect: { x: 30, y: 0, width: 70, height: 50 }, reached: true })
    expect(shrink.resize('a', rectOf(shrink, 'a')).reached).toBe(true)
  })

  it('refuses bad input, naming the body and the field, and changes nothing', () => {
    const w = row()
    const before = bodiesOf(w)
    const bad: Array<[unknown, unknown, string | RegExp]> = [
      [
        { x: 0, y: 0, width: Number.NaN, height: 50 },
        undefined,
        'resize: body "a" rect.width must be a finite number >= 0 (got NaN)',
      ],
      [{ x: 0, y: 0, width: -5, height: 50 }, undefined, /resize: body "a" rect.width/],
      [
        { x: 10, y: 0, width: 130, height: 50 },
        undefined,
        /resize: body "a" rect moves both edges along x/,
      ],
      [
        { x: 0, y: 0, width: 130, height: 50 },
        { mode: 'shove' },
        /resize: body "a" options.mode must be one of/,
      ],
      [
        { x: 0, y: 0, width: 130, height: 50 },
        { push: false, mode: 'squeeze' },
        /options.push is false, which contradicts options.mode 'squeeze'/,
      ],
      [
        { x: 0, y: 0, width: 130, height: 50 },
        { minSize: { width: -1, height: 0 } },
        /resize: body "a" options.minSize.width/,
      ],
      [
        { x: 0, y: 0, width: 130, height: 50 },
        { minSize: { width: 90, height: 0 }, maxSize: { width: 50, height: 50 } },
        'resize: body "a" options.minSize.width (90) is above options.maxSize.width (50)',
      ],
      [
        { x: 0, y: 0, width: 130, height: 50 },
        { mode: 'squeeze', minSizes: { b: { width: Infinity, height: 0 } } },
        /options.minSizes\["b"\].width/,
      ],
      [
        { x: 0, y: 0, width: 130, height: 50 },
        'push',
        /resize: body "a" options must be an object/,
      ],
    ]
    for (const [rect, options, message] of bad) {
      expect(() => w.resize('a', rect as never, options as never)).toThrow(message)
    }
    expect(() => w.resize('nobody', { x: 0, y: 0, width: 1, height: 1 })).toThrow(
      'resize: body "nobody" does not exist',
    )
    expect(bodiesOf(w)).toEqual(before)
  })
})

/** Asserts that no pair overlaps deeper after than before (rounding allowed). */
function expectNoDeeper(before: ReturnType<typeof bodiesOf>, after: ReturnType<typeof bodiesOf>) {
  for (let i = 0; i < after.length; i++) {
    for (let j = i + 1; j < after.length; j++) {
      const was = Math.max(0, overlapDepth(before[i]!, before[j]!))
      expect(
        overlapDepth(after[i]!, after[j]!),
        `${after[i]!.id}/${after[j]!.id}`,
      ).toBeLessThanOrEqual(was + 1e-9)
    }
  }
}

describe('world.resize keeps the layout invariant (property)', () => {
  it('no pair deepens, the fixed edges stay, sizes stay within min and max, squeezed cards keep their far edge', () => {
    const box = fc.record({
      x: fc.integer({ min: 0, max: 400 }),
      y: fc.integer({ min: 0, max: 400 }),
      width: fc.integer({ min: 1, max: 150 }),
      height: fc.integer({ min: 1, max: 150 }),
      type: fc.constantFrom('dynamic', 'dynamic', 'static', 'kinematic'),
      pushable: fc.boolean(),
      nudge: fc.constantFrom(0, 1e-5, -1e-5, 0.02),
    })
    const resize = fc.record({
      // Which edge moves on each axis: 0 none, -1 the near one, 1 the far one.
      edgeX: fc.constantFrom(-1, 0, 1),
      edgeY: fc.constantFrom(-1, 0, 1),
      dx: fc.integer({ min: -200, max: 300 }),
      dy: fc.integer({ min: -200, max: 300 }),
      mode: fc.constantFrom<ResizeMode>('push', 'stop', 'squeeze'),
      min: fc.integer({ min: 0, max: 60 }),
      max: fc.integer({ min: 60, max: 400 }),
    })
    fc.assert(
      fc.property(
        fc.array(box, { minLength: 2, maxLength: 8 }),
        fc.array(resize, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(0, 0, 4, 10),
        (boxes, resizes, gap) => {
          const w = createWorld({ gap })
          // The board's walls: nothing may leave [-100, 700] on either axis.
          w.add({ id: 'wall-l', x: -110, y: -110, width: 10, height: 920, type: 'static' })
          w.add({ id: 'wall-r', x: 700, y: -110, width: 10, height: 920, type: 'static' })
          w.add({ id: 'wall-t', x: -100, y: -110, width: 800, height: 10, type: 'static' })
          w.add({ id: 'wall-b', x: -100, y: 700, width: 800, height: 10, type: 'static' })
          boxes.forEach(({ nudge, ...fields }, k) =>
            w.add({ id: `b${k}`, ...fields, x: fields.x + nudge }),
          )
          for (const { edgeX, edgeY, dx, dy, mode, min, max } of resizes) {
            const before = bodiesOf(w)
            const at = w.get('b0')
            const rect = { x: at.x, y: at.y, width: at.width, height: at.height }
            if (edgeX === 1) rect.width = Math.max(0, at.width + dx)
            if (edgeX === -1) {
              rect.width = Math.max(0, at.width + dx)
              rect.x = at.x + at.width - rect.width
            }
            if (edgeY === 1) rect.height = Math.max(0, at.height + dy)
            if (edgeY === -1) {
              rect.height = Math.max(0, at.height + dy)
              rect.y = at.y + at.height - rect.height
            }
            const minSize = { width: min, height: min }
            const result = w.resize('b0', rect, {
              mode,
              minSize,
              maxSize: { width: max, height: max },
            })
            const after = bodiesOf(w)
            expectNoDeeper(before, after)
            const now = w.get('b0')
            expect(result.rect).toEqual({
              x: now.x,
              y: now.y,
              width: now.width,
              height: now.height,
            })
            // The edges that were not asked to move stay put.
            if (edgeX !== -1) expect(now.x).toBe(at.x)
            if (edgeX !== 1) expect(now.x + now.width).toBeCloseTo(at.x + at.width, 9)
            if (edgeY !== -1) expect(now.y).toBe(at.y)
            if (edgeY !== 1) expect(now.y + now.height).toBeCloseTo(at.y + at.height, 9)
            // A moved edge never takes the size past the max, nor below the min it shrank to.
            if (edgeX !== 0) expect(now.width).toBeLessThanOrEqual(Math.max(max, at.width) + 1e-9)
            if (edgeY !== 0) expect(now.height).toBeLessThanOrEqual(Math.max(max, at.height) + 1e-9)
            if (edgeX !== 0 && rect.width <= at.width) {
              expect(now.width).toBeGreaterThanOrEqual(Math.min(min, at.width) - 1e-9)
            }
            for (const { from, to } of result.squeezed) {
              expect(to.width).toBeGreaterThanOrEqual(Math.min(min, from.width) - 1e-9)
              expect(to.height).toBeGreaterThanOrEqual(Math.min(min, from.height) - 1e-9)
            }
            // Nothing moved except the resized body and those it reports.
            const reported = new Set([
              'b0',
              ...result.pushed.map((body) => body.id),
              ...result.squeezed.map((body) => body.id),
            ])
            for (let k = 0; k < after.length; k++) {
              if (reported.has(after[k]!.id)) continue
              expect(after[k]).toEqual(before[k])
            }
          }
        },
      ),
      { numRuns: 200 },
    )
    // Hundreds of worlds: more than Vitest's 5 s default when the machine is shared.
  }, 60_000)
})
