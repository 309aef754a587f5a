import { PhysicsWorld, useAABBBody, type CompactDirection, type Rect } from 'react-aabb'

/** One card of the compaction boards: id, label and where it starts (before compaction). */
export interface CompactCardSpec extends Rect {
  id: string
}

/** Scattered cards of mixed sizes, inside 240 x 180, none overlapping. */
export const scatteredCards: readonly CompactCardSpec[] = [
  { id: 'A', x: 90, y: 70, width: 60, height: 40 },
  { id: 'B', x: 20, y: 120, width: 80, height: 40 },
  { id: 'C', x: 160, y: 20, width: 50, height: 60 },
  { id: 'D', x: 170, y: 120, width: 50, height: 40 },
  { id: 'E', x: 30, y: 30, width: 40, height: 40 },
]

/** Props of {@link CompactBoards}. */
export interface CompactBoardsProps {
  /** The cards of every board, where they start. */
  cards: readonly CompactCardSpec[]
  /** Snap to a grid of this cell (px), or none. @default none */
  snap?: number
}

const directions: readonly CompactDirection[] = ['up', 'down', 'left', 'right']

function CompactCard({ board, card }: { board: CompactDirection; card: CompactCardSpec }) {
  const { ref } = useAABBBody<HTMLDivElement>({
    id: `${board}-${card.id}`,
    draggable: true,
    keyboard: true,
    label: card.id,
  })
  return (
    <div
      ref={ref}
      aria-label={`${card.id} (${board})`}
      style={{
        position: 'absolute',
        left: card.x,
        top: card.y,
        width: card.width,
        height: card.height,
        boxSizing: 'border-box',
        display: 'grid',
        placeItems: 'center',
        borderRadius: 6,
        background: '#ffffff',
        border: '1px solid #9aa3b8',
        font: '600 13px system-ui, sans-serif',
        color: '#1d2230',
        cursor: 'grab',
        userSelect: 'none',
      }}
    >
      {card.id}
    </div>
  )
}

/**
 * The same scattered cards on four boards, each compacted in one direction
 * (`<PhysicsWorld compact>`): every card moves as far as it can that way without pushing,
 * nearest that edge first. Drag a card out and the others close the hole once it rests.
 */
export function CompactBoards({ cards, snap }: CompactBoardsProps) {
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
      {directions.map((direction) => (
        <figure key={direction} style={{ margin: 0 }}>
          <figcaption style={{ font: '600 13px system-ui, sans-serif', marginBottom: 4 }}>
            compact=&quot;{direction}&quot;
          </figcaption>
          <PhysicsWorld
            bounds="container"
            compact={direction}
            {...(snap !== undefined && { snap })}
            role="region"
            aria-label={`Compacted ${direction}`}
            style={{
              position: 'relative',
              width: 240,
              height: 180,
              background: '#eef1f7',
              border: '1px solid #c9cfdd',
              borderRadius: 8,
            }}
          >
            {cards.map((card) => (
              <CompactCard key={card.id} board={direction} card={card} />
            ))}
          </PhysicsWorld>
        </figure>
      ))}
    </div>
  )
}
