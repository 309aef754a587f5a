import { vi } from 'vitest'

function px(value: string | undefined): number {
  return Number.parseFloat(value ?? '') || 0
}

/**
 * happy-dom has no layout engine: every box is 0 x 0, so every body would stay inactive.
 * This gives HTML elements the box their inline `left`, `top`, `width`, `height` and
 * `translate` describe (all in px, relative to the viewport), and nothing else. An element
 * is rendered unless its own inline `display` is `none` or it is detached: then it has no
 * client rects (a world container measures nothing), else that box is its one client rect.
 * Call it in `beforeEach`; `vi.restoreAllMocks()` removes it.
 */
export function installFakeLayout(): void {
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(function (
    this: HTMLElement,
  ) {
    const rects =
      this.isConnected && this.style.display !== 'none' ? [this.getBoundingClientRect()] : []
    return Object.assign(rects, { item: (index: number) => rects[index] ?? null })
  })
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
