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
        // The chunks over Vite's 500 kB default are Storybook's own: its preview runtime
        // (about 1,150 kB), the docs blocks (750 kB) and axe-core (660 kB, one module, for
        // the a11y addon). No story comes near it; the limit sits above Storybook's largest.
        chunkSizeWarningLimit: 1500,
        rolldownOptions: {
          ...viteConfig.build?.rolldownOptions,
          // Rolldown's plugin-timings notice reports Storybook's docgen plugin (most of the
          // build time) as a warning on every build; it is a profiling hint, not a defect.
          checks: { ...viteConfig.build?.rolldownOptions?.checks, pluginTimings: false },
        },
      },
    }
  },
}

export default config
