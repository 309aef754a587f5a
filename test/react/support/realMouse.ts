import { commands } from 'vitest/browser'
import type { MouseAction } from '../../support/mouseCommand.js'

declare module 'vitest/browser' {
  interface BrowserCommands {
    mouse: (action: MouseAction) => Promise<void>
  }
}

/** The real mouse (Playwright's), in client coordinates of the test page. */
export const realMouse = {
  /** Moves to (x, y) in `steps` interpolated moves (each a pointermove). */
  move: (x: number, y: number, steps = 1) => commands.mouse({ type: 'move', x, y, steps }),
  down: () => commands.mouse({ type: 'down' }),
  up: () => commands.mouse({ type: 'up' }),
}
