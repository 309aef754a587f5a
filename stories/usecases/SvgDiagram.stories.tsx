import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'
import { dragOnto } from '../support/pointerInput.js'
import { DiagramEditor, type DiagramEdge, type DiagramNode } from './support/DiagramEditor.js'
import { bodiesIn, elementsOutside, overlappingPairs, untilStill } from './support/layoutChecks.js'
import { sceneFrame } from '../support/sceneFrame.js'

const nodes: DiagramNode[] = [
  { id: 'source', label: 'Source', x: 30, y: 40, width: 120, height: 56 },
  { id: 'filter', label: 'Filter', x: 230, y: 40, width: 110, height: 56 },
  { id: 'map', label: 'Map', x: 230, y: 170, width: 110, height: 56 },
  { id: 'join', label: 'Join', x: 420, y: 100, width: 100, height: 70 },
  { id: 'sink', label: 'Sink', x: 440, y: 260, width: 120, height: 56 },
]

const edges: DiagramEdge[] = [
  { from: 'source', to: 'filter' },
  { from: 'source', to: 'map' },
  { from: 'filter', to: 'join' },
  { from: 'map', to: 'join' },
  { from: 'join', to: 'sink' },
]

const meta = {
  title: 'Use cases/SVG diagram',
  // A fixed-size scene: it scrolls inside its panel on a narrow screen.
  decorators: [sceneFrame],
  component: DiagramEditor,
  args: { nodes, edges, width: 640, height: 360, debug: false },
  // react-docgen types an array prop as `unknown`: the table is given its type. The other
  // props' `@default`s go to the Default column (withDocumentedDefaults).
  argTypes: withDocumentedDefaults(DiagramEditor, {
    nodes: { control: false, table: { type: { summary: 'readonly DiagramNode[]' } } },
    edges: { control: false, table: { type: { summary: 'readonly DiagramEdge[]' } } },
  }),
  parameters: {
    docs: {
      description: {
        component:
          'A node editor inside an `<svg>` world (`<PhysicsWorld as="svg">`). Drag a node into another: it pushes it aside, and no two nodes overlap. The edges follow the nodes through `useAfterStep`, written into the `<line>` elements without a React render per frame.',
      },
    },
  },
} satisfies Meta<typeof DiagramEditor>

export default meta
type Story = StoryObj<typeof meta>

/** Drag the nodes. */
export const Diagram: Story = {}

/**
 * The interaction test of {@link Diagram}, in a story of its own because it moves the
 * nodes: a drag that pushes, the edges following, and a key move.
 */
export const DiagramInteractions: Story = {
  name: 'Diagram: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const svg = canvas.getByRole('group', { name: 'Diagram' })
    const node = (name: string) => canvas.getByRole('button', { name })
    const nodeBoxes = () => bodiesIn(svg).map((group) => group.querySelector('rect')!)
    await waitFor(() => expect(bodiesIn(svg)).toHaveLength(args.nodes.length))

    await dragOnto(node('Filter'), node('Join'), 10)
    await untilStill(nodeBoxes)
    await expect(overlappingPairs(nodeBoxes())).toEqual([])
    await expect(elementsOutside(nodeBoxes(), svg)).toEqual([])

    // The edge Filter -> Join still runs from centre to centre of the moved nodes.
    const line = svg.querySelector('[data-edge="filter-join"]')!.getBoundingClientRect()
    const filter = node('Filter').querySelector('rect')!.getBoundingClientRect()
    const join = node('Join').querySelector('rect')!.getBoundingClientRect()
    const centreX = (box: DOMRect) => box.left + box.width / 2
    await expect(line.left).toBeCloseTo(Math.min(centreX(filter), centreX(join)), 0)
    await expect(line.right).toBeCloseTo(Math.max(centreX(filter), centreX(join)), 0)

    // The keyboard reaches and moves the nodes too: Tab to the first, an arrow moves it 10 units.
    const source = node('Source')
    await userEvent.tab()
    await expect(source).toHaveFocus()
    const sourceBefore = source.querySelector('rect')!.getBoundingClientRect().top
    await userEvent.keyboard('{ArrowDown}')
    await untilStill(nodeBoxes)
    const sourceAfter = source.querySelector('rect')!.getBoundingClientRect().top
    await expect(sourceAfter - sourceBefore).toBeCloseTo(10, 1)
  },
}
