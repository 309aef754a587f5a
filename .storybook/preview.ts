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
}

export default preview
