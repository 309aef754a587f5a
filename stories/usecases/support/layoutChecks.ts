import { animationFrames } from '../../support/pointerInput.js'

/**
 * Layout checks for the use-case play functions. They read what the browser shows
 * (`getBoundingClientRect`), not the world, so they catch a wrong write as well as a
 * wrong simulation.
 */

/** Half a CSS pixel: below it, two boxes only touch (rounding of written translations). */
export const overlapTolerance = 0.5

/** The ids (from `data-aabb-body`) of every pair of elements whose displayed boxes overlap. */
export function overlappingPairs(elements: readonly Element[]): string[] {
  const boxes = elements.map((element) => element.getBoundingClientRect())
  const pairs: string[] = []
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!
      const b = boxes[j]!
      const depthX = Math.min(a.right, b.right) - Math.max(a.left, b.left)
      const depthY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
      if (depthX > overlapTolerance && depthY > overlapTolerance) {
        pairs.push(`${bodyName(elements[i]!)}/${bodyName(elements[j]!)}`)
      }
    }
  }
  return pairs
}

/** The ids of the elements whose displayed box reaches outside `board`'s box. */
export function elementsOutside(elements: readonly Element[], board: Element): string[] {
  const edge = board.getBoundingClientRect()
  return elements
    .filter((element) => {
      const box = element.getBoundingClientRect()
      return (
        box.left < edge.left - overlapTolerance ||
        box.top < edge.top - overlapTolerance ||
        box.right > edge.right + overlapTolerance ||
        box.bottom > edge.bottom + overlapTolerance
      )
    })
    .map(bodyName)
}

function bodyName(element: Element): string {
  return element.getAttribute('data-aabb-body') ?? element.tagName
}

/**
 * Resolves once no element has moved by `overlapTolerance` or more for `quietFrames`
 * frames in a row: the world has come to rest (play functions). Rejects after
 * `timeoutMs`, naming the elements still moving.
 */
export async function untilStill(
  elements: () => readonly Element[],
  { quietFrames = 10, timeoutMs = 10_000 } = {},
): Promise<void> {
  const deadline = performance.now() + timeoutMs
  let previous = positionsOf(elements())
  let quiet = 0
  while (quiet < quietFrames) {
    await animationFrames(1)
    const current = positionsOf(elements())
    const moving = [...current].filter(([name, box]) => {
      const before = previous.get(name)
      return !before || Math.hypot(box.x - before.x, box.y - before.y) >= overlapTolerance
    })
    quiet = moving.length === 0 && current.size === previous.size ? quiet + 1 : 0
    previous = current
    if (performance.now() > deadline) {
      throw new Error(
        `untilStill: still moving after ${timeoutMs} ms: ${moving.map(([name]) => name).join(', ')}`,
      )
    }
  }
}

function positionsOf(elements: readonly Element[]): Map<string, { x: number; y: number }> {
  const positions = new Map<string, { x: number; y: number }>()
  elements.forEach((element, index) => {
    const box = element.getBoundingClientRect()
    positions.set(`${bodyName(element)}#${index}`, { x: box.left, y: box.top })
  })
  return positions
}

/** Every element of `root` the library registered as a body, in document order. */
export function bodiesIn(root: ParentNode): Element[] {
  return [...root.querySelectorAll('[data-aabb-body]')]
}
