import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { ARTICLE_001_ROWS, unitBox } from '../../src/widgets/article001Results.js'
import { Article001Table, OverlapTestDemo } from 'react-aabb/widgets'
import { withDocumentedDefaults } from '../support/documentedDefaults.js'

const meta = {
  title: 'Articles/001 Overlap test',
  component: OverlapTestDemo,
  argTypes: withDocumentedDefaults(OverlapTestDemo, {}),
  args: { first: unitBox([0, 0]), second: unitBox([1, 0]) },
  parameters: {
    docs: {
      description: {
        component:
          "Article 001 stores a box as its centre and half extents. Two boxes overlap unless the distance between their centres on some axis is more than the sum of their half extents. Edit the centres in the controls. \"Article table\" runs the article's whole table of results (in 2D: the library drops the article's z axis) through the kernel's `centreBoxOverlaps` and `overlaps`; the other stories are single rows.",
      },
    },
  },
} satisfies Meta<typeof OverlapTestDemo>

export default meta
type Story = StoryObj<typeof meta>

/** Asserts both tests give `expected`, as the article's "Post" and "CJM" columns do. */
async function expectVerdict(canvasElement: HTMLElement, expected: 'overlap' | 'apart') {
  const canvas = within(canvasElement)
  await expect(canvas.getByTestId('centre-test')).toHaveTextContent(expected)
  await expect(canvas.getByTestId('edge-test')).toHaveTextContent(expected)
}

/** Row 2: centres 1 apart, boxes 1 wide. They touch, and touching counts as overlap. */
export const Touching: Story = {
  play: ({ canvasElement }) => expectVerdict(canvasElement, 'overlap'),
}

/** Row 3: centres 1.5 apart. Apart; the flawed "Anon" test in the comments said overlap. */
export const Apart: Story = {
  args: { second: unitBox([1.5, 0]) },
  play: ({ canvasElement }) => expectVerdict(canvasElement, 'apart'),
}

/** Row 10: apart on y only. One separated axis is enough. */
export const ApartOnY: Story = {
  args: { second: unitBox([0, 1.5]) },
  play: ({ canvasElement }) => expectVerdict(canvasElement, 'apart'),
}

/** Row 5: the same box twice. */
export const Identical: Story = {
  args: { first: unitBox([1, 0]), second: unitBox([1, 0]) },
  play: ({ canvasElement }) => expectVerdict(canvasElement, 'overlap'),
}

/**
 * All 13 rows of the article's table, in 2D, with the kernel's verdicts beside the article's
 * "Post"/"CJM" result. "Show" draws a row.
 */
export const ArticleTable: Story = {
  render: () => <Article001Table />,
  parameters: { controls: { disable: true } },
}

/**
 * The interaction test of {@link ArticleTable}, in a story of its own because it shows row 3 in
 * place of row 2.
 */
export const ArticleTableInteractions: Story = {
  ...ArticleTable,
  name: 'Article Table: interaction test',
  tags: ['!autodocs'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(ARTICLE_001_ROWS).toHaveLength(13)
    for (const { row, expected } of ARTICLE_001_ROWS) {
      const verdict = expected ? 'overlap' : 'apart'
      await expect(canvas.getByTestId(`article-${row}`)).toHaveTextContent(verdict)
      await expect(canvas.getByTestId(`centre-${row}`)).toHaveTextContent(verdict)
      await expect(canvas.getByTestId(`edges-${row}`)).toHaveTextContent(verdict)
    }
    await expect(canvas.getByTestId('agreement')).toHaveTextContent('13 of 13 rows agree')
    // The flawed "Anon" version is marked wrong on exactly the seven rows it gets wrong.
    const markedWrong = ARTICLE_001_ROWS.filter(
      ({ row }) => canvas.getByTestId(`anon-${row}`).dataset.wrong === 'true',
    )
    await expect(markedWrong.map(({ row }) => row)).toEqual([3, 4, 7, 9, 10, 11, 12])

    // Row 2 (touching) is drawn first; showing row 3 draws two boxes apart.
    await expectVerdict(canvasElement, 'overlap')
    await userEvent.click(canvas.getByRole('button', { name: 'Show row 3' }))
    await expect(canvas.getByRole('button', { name: 'Show row 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expectVerdict(canvasElement, 'apart')
  },
}
