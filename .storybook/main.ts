import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-vitest', '@storybook/addon-a11y'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen' },
  viteFinal(viteConfig) {
    return {
      ...viteConfig,
      build: {
        ...viteConfig.build,
        // Vite warns of chunks over 500 kB (minified). A chunk is never smaller than its
        // largest module, and three of Storybook's own prebundled modules are larger than
        // that: the preview runtime, the components of the docs blocks and axe-core (a11y
        // addon). The runtime, the largest, gets a chunk of its own (codeSplitting below) so
        // that no chunk is larger than it needs to be, and the limit sits just above that one
        // module (sizes in the commit that set it): any other chunk that grows past it, ours
        // or a Storybook upgrade's, still warns, and npm test fails on the warning.
        chunkSizeWarningLimit: 850,
        rolldownOptions: {
          ...viteConfig.build?.rolldownOptions,
          // Rolldown's plugin-timings notice reports Storybook's docgen plugin (most of the
          // build time) as a warning on every build; it is a profiling hint, not a defect.
          checks: { ...viteConfig.build?.rolldownOptions?.checks, pluginTimings: false },
          output: {
            ...viteConfig.build?.rolldownOptions?.output,
            codeSplitting: {
              groups: [
                {
                  name: 'storybook-preview-runtime',
                  test: /node_modules[\\/]storybook[\\/]dist[\\/]preview[\\/]runtime\.js$/,
                },
              ],
            },
          },
        },
      },
    }
  },
}

export default config
