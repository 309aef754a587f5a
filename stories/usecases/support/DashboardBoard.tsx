import { useCallback, useState } from 'react'
import { PhysicsWorld, useAABBBody, type Rect } from 'react-aabb'
import {
  layoutOf,
  roundedRect,
  type DashboardCardSpec,
  type DashboardLayout,
} from './dashboardLayout.js'

/** Props of {@link DashboardBoard}. */
export interface DashboardBoardProps {
  /** The cards and where they start. */
  cards: readonly DashboardCardSpec[]
  /** Board width in CSS pixels. @default 640 */
  width?: number
  /** Board height in CSS pixels. @default 400 */
  height?: number
  /** Pixels per arrow key press (Shift: until contact). */
  keyboardStep: number
  /** Draw the world's boxes over the board. @default false */
  debug?: boolean
}

function DashboardCard({
  card,
  keyboardStep,
  onMoveEnd,
}: {
  card: DashboardCardSpec
  keyboardStep: number
  onMoveEnd: (id: string, rect: Rect) => void
}) {
  const { id } = card
  const { ref } = useAABBBody<HTMLElement>({
    id,
    draggable: true,
    keyboard: true,
    keyboardStep,
    label: card.title,
    onMoveEnd: (rect) => onMoveEnd(id, rect),
  })
  return (
    <article
      ref={ref}
      aria-label={card.title}
      aria-roledescription="movable card"
      style={{
        position: 'absolute',
        left: card.x,
        top: card.y,
        width: card.width,
        height: card.height,
        boxSizing: 'border-box',
        padding: 10,
        borderRadius: 8,
        background: '#ffffff',
        border: '1px solid #c9cfdd',
        boxShadow: '0 1px 3px rgba(20, 30, 60, 0.15)',
        font: '600 14px system-ui, sans-serif',
        color: '#1d2230',
        cursor: 'grab',
        userSelect: 'none',
      }}
    >
      {card.title}
      <div style={{ font: '12px system-ui, sans-serif', color: '#6b7285', marginTop: 4 }}>
        {card.width} × {card.height}
      </div>
    </article>
  )
}

/**
 * A dashboard of cards that never overlap: drag a card and it pushes the others aside,
 * stopping when they are blocked by the board's edges; focus one and move it with the arrow
 * keys (Shift: until contact), with each move announced. The layout panel is updated from
 * `onMoveEnd`, once a move has come to rest, never per frame.
 */
export function DashboardBoard({
  cards,
  width = 640,
  height = 400,
  keyboardStep,
  debug = false,
}: DashboardBoardProps) {
  const [layout, setLayout] = useState<DashboardLayout>(() => layoutOf(cards))
  const saveCard = useCallback((id: string, rect: Rect) => {
    setLayout((previous) => ({ ...previous, [id]: roundedRect(rect) }))
  }, [])
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <PhysicsWorld
        bounds="container"
        debug={debug}
        role="region"
        aria-label="Dashboard board"
        style={{
          position: 'relative',
          width,
          height,
          background: '#eef1f7',
          border: '1px solid #c9cfdd',
          borderRadius: 10,
          flex: 'none',
        }}
      >
        {cards.map((card) => (
          <DashboardCard
            key={card.id}
            card={card}
            keyboardStep={keyboardStep}
            onMoveEnd={saveCard}
          />
        ))}
      </PhysicsWorld>
      {/* It scrolls once the layout outgrows the board: focusable, so keys can scroll it too. */}
      <pre
        role="region"
        aria-label="Layout JSON"
        tabIndex={0}
        data-testid="layout-json"
        style={{
          margin: 0,
          padding: 12,
          width: 300,
          maxHeight: height,
          overflow: 'auto',
          background: '#1d2230',
          color: '#dfe4f2',
          borderRadius: 10,
          font: '12px ui-monospace, monospace',
        }}
      >
        {JSON.stringify(layout, null, 1)}
      </pre>
    </div>
  )
}
