import { useId, useState } from 'react'
import { PhysicsWorld, useAABBBody } from 'react-aabb'
import { useStateFromProp } from '../../support/useStateFromProp.js'

/** The cards of the overflow board, top to bottom in its column. */
export const overflowCards: readonly string[] = ['Notes', 'Chart', 'Todo']

/** A card's label from its body id (the label in lower case). */
function labelOf(id: string): string {
  return overflowCards.find((label) => label.toLowerCase() === id) ?? id
}

/** Props of {@link OverflowBoard}. */
export interface OverflowBoardProps {
  /** Let the board grow downward (`bounds={{ grow: 'y' }}`) instead of overflowing. @default false */
  grow?: boolean
}

/** Each card is 150 px high; the board is 400 px high: three do not fit. */
const cardHeight = 150

/**
 * The cards' frame, and overflowing cards (`data-aabb-overflowing`) dashed in the warning
 * colour. In the stylesheet, not inline: an inline border and background would win over
 * the overflow rule, and the card the board reports would look like the others.
 */
const overflowStyle = `
[data-overflow-board] [data-column-card] {
  border: 1px solid #9aa6bf;
  background: #ffffff;
}
[data-overflow-board] [data-column-card][data-aabb-overflowing] {
  border: 2px dashed #c0392b;
  background: #fdecea;
}
`

function ColumnCard({ label }: { label: string }) {
  const { ref } = useAABBBody<HTMLDivElement>({
    id: label.toLowerCase(),
    label,
    draggable: true,
    keyboard: true,
  })
  return (
    <div
      ref={ref}
      aria-label={label}
      data-column-card=""
      style={{
        flex: 'none',
        height: cardHeight,
        boxSizing: 'border-box',
        // The label sits at the top: a card that overflows covers the bottom of another,
        // never its label.
        padding: '6px 10px',
        borderRadius: 8,
        font: '600 13px system-ui, sans-serif',
        color: '#1d2230',
        cursor: 'grab',
        userSelect: 'none',
      }}
    >
      {label}
    </div>
  )
}

/**
 * A column board 400 px high holding three 150 px cards: one has no room. The board
 * reports it (`onOverflow`), marks it (`data-aabb-overflowing`, styled dashed here) and
 * says so in its live region; the line under the board shows what `onOverflow` gave.
 * The checkbox sets `bounds={{ grow: 'y' }}`: the board grows to hold the three cards.
 */
export function OverflowBoard({ grow: growProp = false }: OverflowBoardProps) {
  const [grow, setGrow] = useStateFromProp(growProp)
  const [overflowing, setOverflowing] = useState<readonly string[]>([])
  const checkboxId = useId()
  return (
    <div style={{ display: 'grid', gap: 8, justifyItems: 'start' }} data-overflow-board="">
      <style>{overflowStyle}</style>
      <label htmlFor={checkboxId} style={{ font: '13px system-ui, sans-serif' }}>
        <input
          id={checkboxId}
          type="checkbox"
          checked={grow}
          onChange={(event) => setGrow(event.target.checked)}
        />{' '}
        Let the board grow: bounds=&#123;&#123; grow: &apos;y&apos; &#125;&#125;
      </label>
      <PhysicsWorld
        bounds={grow ? { grow: 'y' } : 'container'}
        onOverflow={setOverflowing}
        role="region"
        aria-label="Column board"
        style={{
          position: 'relative',
          display: 'flex',
          flexDirection: 'column',
          width: 160,
          height: 400,
          background: '#eef1f7',
          borderRadius: 10,
        }}
      >
        {overflowCards.map((label) => (
          <ColumnCard key={label} label={label} />
        ))}
      </PhysicsWorld>
      {/* Not a live region: the board's own announces the overflow once. */}
      <p data-overflow-report="" style={{ margin: 0, font: '13px system-ui, sans-serif' }}>
        {overflowing.length > 0
          ? `No room for ${overflowing.map(labelOf).join(', ')}: it rests overlapping.`
          : 'Every card has room.'}
      </p>
    </div>
  )
}
