import { cleanup, render } from '@testing-library/react'
import axe from 'axe-core'
import { afterEach, describe, expect, it } from 'vitest'
import { page } from 'vitest/browser'
import { PhysicsWorld } from '../../src/react/PhysicsWorld.js'
import { useAABBBody } from '../../src/react/useAABBBody.js'
import { bodyElement } from './support/bodyElement.js'
import { Card } from './support/components.js'
import { nextFrames } from './support/realPointer.js'

afterEach(() => {
  cleanup()
})

/**
 * axe-core's violations in the document: its default rules, `region` (Storybook's a11y
 * addon turns it off, but a page runs it) and `aria-roledescription` (off by default in
 * axe 4, yet ARIA 1.2 still prohibits the attribute on an element without a role). The
 * rules about a whole page (a level-one heading) are left out: the test renders a fragment.
 */
async function violations(): Promise<string[]> {
  const results = await axe.run(document, {
    rules: {
      region: { enabled: true },
      'aria-roledescription': { enabled: true },
      'page-has-heading-one': { enabled: false },
    },
  })
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
  )
}

function SvgNode({ id, x }: { id: string; x: number }) {
  const { ref } = useAABBBody<SVGRectElement>({ id, draggable: true })
  return <rect ref={ref} aria-label={id} x={x} y={10} width={40} height={40} fill="#508cff" />
}

function ArticleCard({ id }: { id: string }) {
  const { ref } = useAABBBody<HTMLElement>({ id, draggable: true })
  return (
    <article ref={ref} aria-label={id} style={{ position: 'absolute', left: 200, top: 0 }}>
      {id}
    </article>
  )
}

describe('the markup a world and its keyboard-movable bodies put on the page', () => {
  it('passes axe: cards get a role for their role description, the key instructions stay out of the page', async () => {
    // The README's board, as the page's main landmark: plain <div> cards with only text.
    render(
      <PhysicsWorld
        as="main"
        bounds="container"
        style={{ position: 'relative', width: 400, height: 200 }}
      >
        <Card id="a" draggable />
        <Card id="b" x={100} draggable />
        <ArticleCard id="c" />
      </PhysicsWorld>,
    )
    await nextFrames(2)
    expect(await violations()).toEqual([])
    // A <div> has no role of its own: it becomes a button; an <article> keeps its own.
    await expect.element(page.getByRole('button', { name: 'a' })).toBeInTheDocument()
    expect(bodyElement(document, 'c').hasAttribute('role')).toBe(false)
    await expect.element(page.getByRole('article', { name: 'c' })).toBeInTheDocument()
    // The instructions are still every card's accessible description.
    await expect
      .element(page.getByRole('button', { name: 'b' }))
      .toHaveAccessibleDescription(
        'Use the arrow keys to move; hold Shift to move until contact; Escape cancels a drag; Control+Z undoes a move and Shift+Control+Z redoes it. Space selects or deselects; the arrow keys move the selected cards together; Escape clears the selection.',
      )
  })

  it('passes axe in an svg world, whose shapes become buttons', async () => {
    render(
      <main>
        <PhysicsWorld as="svg" viewBox="0 0 300 100" width={300} height={100} aria-label="Nodes">
          <SvgNode id="n1" x={10} />
          <SvgNode id="n2" x={100} />
        </PhysicsWorld>
      </main>,
    )
    await nextFrames(2)
    expect(await violations()).toEqual([])
    await expect.element(page.getByRole('button', { name: 'n1' })).toBeInTheDocument()
  })
})
