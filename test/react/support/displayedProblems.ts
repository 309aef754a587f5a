/** CSS px: what a displayed rect may be off by (subpixel layout of the transform). */
const TOLERANCE = 0.5

/**
 * What is wrong with the displayed board now, one sentence each: a card (`[data-card]`)
 * outside the board's content box or two cards overlapping, each by more than half a
 * pixel (the rounding of a CSS transform). Reads layout (`getBoundingClientRect`).
 */
export function displayedProblems(board: HTMLElement): string[] {
  const frame = board.getBoundingClientRect()
  const inner = {
    left: frame.left + board.clientLeft,
    top: frame.top + board.clientTop,
    right: frame.left + board.clientLeft + board.clientWidth,
    bottom: frame.top + board.clientTop + board.clientHeight,
  }
  const cards = [...board.querySelectorAll<HTMLElement>('[data-card]')].map((element) => ({
    id: element.dataset.card!,
    box: element.getBoundingClientRect(),
  }))
  const problems: string[] = []
  for (const { id, box } of cards) {
    if (
      box.left < inner.left - TOLERANCE ||
      box.top < inner.top - TOLERANCE ||
      box.right > inner.right + TOLERANCE ||
      box.bottom > inner.bottom + TOLERANCE
    ) {
      problems.push(
        `card ${id} at (${box.left.toFixed(1)}, ${box.top.toFixed(1)})-(${box.right.toFixed(1)}, ${box.bottom.toFixed(1)}) outside the board (${inner.left}, ${inner.top})-(${inner.right}, ${inner.bottom})`,
      )
    }
  }
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      const a = cards[i]!.box
      const b = cards[j]!.box
      const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left)
      const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)
      if (overlapX > TOLERANCE && overlapY > TOLERANCE) {
        problems.push(
          `cards ${cards[i]!.id} and ${cards[j]!.id} overlap by ${overlapX.toFixed(1)} x ${overlapY.toFixed(1)} px`,
        )
      }
    }
  }
  return problems
}
