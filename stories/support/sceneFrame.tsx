import type { Decorator } from '@storybook/react-vite'

/**
 * A Storybook decorator for a scene drawn at a fixed size in px (a physics board, a track,
 * a contract board): on a screen narrower than the scene (a phone, 390 px) the scene
 * scrolls sideways inside the story's panel, not the page, so nothing is drawn outside the
 * panel. Where the scene fits, the frame does not scroll and changes nothing (a drag held
 * near an edge still scrolls the page: the library's auto-scroll takes the nearest
 * ancestor that has content to scroll).
 *
 * @example
 * const meta = { title: 'Use cases/Stress', component: StressField, decorators: [sceneFrame] }
 */
export const sceneFrame: Decorator = (Story) => (
  <div data-testid="scene-frame" style={{ maxWidth: '100%', overflowX: 'auto' }}>
    <Story />
  </div>
)
