import { vi } from 'vitest'

function px(value: string | undefined): number {
  return Number.parseFloat(value ?? '') || 0
}

/**
 * happy-dom has no layout engine: every box is 0 x 0, so every body would stay inactive.
 * This gives HTML elements the box their inline `left`, `top`, `width`, `height` and
 * `translate` describe (all in px, relative to the viewport), and nothing else.
 * Call it in `beforeEach`; `vi.restoreAllMocks()` removes it.
 */
export function installFakeLayout(): void {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    const style = this.style
    if (style.display === 'none') return DOMRect.fromRect({ x: 0, y: 0, width: 0, height: 0 })
    const [dx, dy] = (style.translate || '').split(' ')
    return DOMRect.fromRect({
      x: px(style.left) + px(dx),
      y: px(style.top) + px(dy),
      width: px(style.width),
      height: px(style.height),
    })
  })
}
