import type { Preview } from '@storybook/react-vite'
import {
  assertNoInputDuringPlay,
  recordInputDuringPlay,
} from '../stories/support/inputDuringPlay.js'

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i } },
    // axe-core (@storybook/addon-a11y) runs after every story; a violation fails the story's
    // test in `vitest --project storybook` instead of being reported as a warning.
    a11y: { test: 'error' },
    options: {
      // Storybook opens the first entry, so the introduction comes first; then the articles
      // by number (alphabetical: their titles start 000 to 004), the use cases, the guides
      // and the API reference, as issue 27 asks. Stories of one file keep their written
      // order. test/storybook/docsPages.js checks the built order.
      storySort: {
        method: 'alphabetical',
        order: [
          'Introduction',
          'Articles',
          'Use cases',
          'Docs',
          ['Getting started', 'Widgets', 'Coming from react-grid-layout', 'API'],
          'API',
        ],
      },
    },
  },
  tags: ['autodocs'],
  // A story shown on a docs page opens in the state it describes: its play function may
  // assert but not act (stories/support/inputDuringPlay.ts).
  beforeEach: recordInputDuringPlay,
  // A play function's clicks leave the focus, and its ring, on the last control it pressed:
  // the story would then show a state no user left it in.
  afterEach: (context) => {
    const focused = document.activeElement
    if (focused instanceof HTMLElement || focused instanceof SVGElement) focused.blur()
    assertNoInputDuringPlay(context)
  },
}

export default preview
