import { expect } from 'vitest'
import { everyFrame, nextFrames } from './realPointer.js'

/** The cards' boxes as displayed, relative to the board's border box. */
export function shownBoxes(surface: Element, cards: readonly (HTMLElement | SVGElement)[]) {
  const board = surface.getBoundingClientRect()
  return cards.map((card) => {
    const box = card.getBoundingClientRect()
    return {
      left: box.left - board.left,
      top: box.top - board.top,
      right: box.right - board.left,
      bottom: box.bottom - board.top,
    }
  })
}

/**
 * Samples every frame while `gesture` runs (and three frames after): no two cards overlap
 * by more than 0.01 px and none leaves the board of `size` (its top-left at the surface's).
 * Returns the number of frames sampled.
 */
export async function sampleFrames(
  surface: Element,
  cards: readonly (HTMLElement | SVGElement)[],
  size: { width: number; height: number },
  gesture: () => Promise<unknown>,
): Promise<number> {
  const problems: string[] = []
  let frames = 0
  const stop = everyFrame(() => {
    frames++
    const boxes = shownBoxes(surface, cards)
    boxes.forEach((box, i) => {
      const outside =
        box.left < -0.01 ||
        box.top < -0.01 ||
        box.right > size.width + 0.01 ||
        box.bottom > size.height + 0.01
      if (outside) {
        problems.push(
          `frame ${frames}: ${cards[i]!.dataset.aabbBody} outside ${JSON.stringify(box)}`,
        )
      }
      for (let j = i + 1; j < boxes.length; j++) {
        const other = boxes[j]!
        const x = Math.min(box.right, other.right) - Math.max(box.left, other.left)
        const y = Math.min(box.bottom, other.bottom) - Math.max(box.top, other.top)
        if (x > 0.01 && y > 0.01) problems.push(`frame ${frames}: cards ${i} and ${j} overlap`)
      }
    })
  })
  try {
    await gesture()
    await nextFrames(3)
  } finally {
    stop()
  }
  expect(problems).toEqual([])
  return frames
}
