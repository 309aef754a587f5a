import type { Preview } from '@storybook/react-vite'

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i } },
    // axe-core (@storybook/addon-a11y) runs after every story; a violation fails the story's
    // test in `vitest --project storybook` instead of being reported as a warning.
    a11y: { test: 'error' },
  },
  tags: ['autodocs'],
}

export default preview
