import type { Preview } from '@storybook/react-vite'

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i } },
    // axe-core (@storybook/addon-a11y) runs after every story; a violation fails the story's
    // test in `vitest --project storybook` instead of being reported as a warning.
    a11y: { test: 'error' },
    options: {
      // Storybook opens the first entry, so the introduction comes first; then the articles
      // by number (alphabetical, numbers compared as numbers), the use cases and the API.
      // Stories of one file keep their written order.
      storySort: {
        method: 'alphabetical',
        order: ['Docs', ['Introduction', 'Getting started', 'API'], 'Articles', 'Use cases', 'API'],
      },
    },
  },
  tags: ['autodocs'],
  // A play function's clicks leave the focus, and its ring, on the last control it pressed:
  // the story would then show a state no user left it in.
  afterEach: () => {
    const focused = document.activeElement
    if (focused instanceof HTMLElement || focused instanceof SVGElement) focused.blur()
  },
}

export default preview
