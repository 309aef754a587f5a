import type { BrowserCommand } from 'vitest/node'
import type {} from '@vitest/browser-playwright'

/** One step of the real mouse, in the test iframe's client coordinates (CSS px). */
export type MouseAction =
  { type: 'move'; x: number; y: number; steps?: number } | { type: 'down' } | { type: 'up' }

/**
 * The `mouse` browser command: Playwright's real mouse (trusted pointer events, as a
 * user's), pressed, moved and released in separate calls, so that a test can press Escape
 * or look at frames in the middle of a drag. Adds the test iframe's offset in the page.
 */
export const mouse: BrowserCommand<[action: MouseAction]> = async (context, action) => {
  const { page } = context
  if (action.type === 'down') return page.mouse.down()
  if (action.type === 'up') return page.mouse.up()
  const box = await (await (await context.frame()).frameElement()).boundingBox()
  await page.mouse.move((box?.x ?? 0) + action.x, (box?.y ?? 0) + action.y, {
    steps: action.steps ?? 1,
  })
}
