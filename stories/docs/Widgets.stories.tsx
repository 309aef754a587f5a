import type { Meta, StoryObj } from '@storybook/react-vite'
import type { CSSProperties } from 'react'
import {
  DiscreteCollisionDemo,
  MinkowskiExplorer,
  TunnelingDemo,
  widgetLightTheme,
} from 'react-aabb/widgets'

/**
 * The stories of the "Docs/Widgets" page (Widgets.mdx): each is the code the page shows
 * (`source.type: 'code'` prints the story's own source), so the page's examples run.
 */
const meta = {
  title: 'Docs/Widgets',
  // The page is Widgets.mdx; an autodocs page beside it would be a second "Docs" entry.
  tags: ['!autodocs'],
  parameters: { docs: { source: { type: 'code' } } },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** A widget with a scene of its own, in the default dark theme. */
export const OwnScene: Story = {
  render: () => (
    <MinkowskiExplorer
      box={{ x: -200, y: -30, width: 60, height: 60 }}
      obstacle={{ x: -50, y: -40, width: 100, height: 80 }}
    />
  ),
}

/** The light theme: `widgetLightTheme` spread into the `style` of a wrapper. */
export const LightTheme: Story = {
  render: () => (
    <div style={widgetLightTheme}>
      <TunnelingDemo />
    </div>
  ),
}

/** Single colours overridden by their custom properties on any ancestor. */
export const CustomColours: Story = {
  render: () => (
    <div
      style={
        {
          '--aabb-widget-background': '#102a2a',
          '--aabb-widget-minkowski-stroke': '#ffb000',
          '--aabb-widget-minkowski-fill': 'rgba(255, 176, 0, 0.25)',
        } as CSSProperties
      }
    >
      <DiscreteCollisionDemo obstacle={{ x: -120, y: -80, width: 160, height: 110 }} size={40} />
    </div>
  ),
}
