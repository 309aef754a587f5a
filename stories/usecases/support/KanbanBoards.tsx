import { useState } from 'react'
import {
  PhysicsWorld,
  useAABBBody,
  useExternalDraggable,
  type ExternalDropEvent,
  type TransferEvent,
} from 'react-aabb'

/** One card of the kanban: its id, its title and where it is on its board. */
export interface KanbanCard {
  id: string
  title: string
  x: number
  y: number
}

/** The cards of each board, by board id. */
export type KanbanCards = Record<string, readonly KanbanCard[]>

/** The boards, left to right: id (`<PhysicsWorld id>`, what `onTransfer` names) and title. */
export const kanbanColumns = [
  { id: 'todo', title: 'To do' },
  { id: 'doing', title: 'Doing' },
  { id: 'done', title: 'Done' },
] as const

/** CSS px: every card's size, and the boards' (a column of cards, `gap` apart). */
export const CARD = { width: 184, height: 44 }
const BOARD = { width: 200, height: 280 }
const GAP = 8

/** Two cards to do, one in progress, one done, stacked from each board's top. */
export const kanbanCards: KanbanCards = {
  todo: [
    { id: 'docs', title: 'Write the docs', x: GAP, y: GAP },
    { id: 'bug-12', title: 'Fix bug #12', x: GAP, y: 2 * GAP + CARD.height },
  ],
  doing: [{ id: 'review', title: 'Review the PR', x: GAP, y: GAP }],
  done: [{ id: 'release', title: 'Release 1.0', x: GAP, y: GAP }],
}

/** What the palette drags in: a new card of each kind. */
const paletteKinds = ['Task', 'Bug'] as const

/** Props of {@link KanbanBoards}. */
export interface KanbanBoardsProps {
  /** The cards each board opens with, by board id. */
  cards: KanbanCards
}

const cardStyle = {
  position: 'absolute',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  padding: '0 10px',
  borderRadius: 6,
  background: '#ffffff',
  border: '1px solid #9aa3b8',
  font: '500 13px system-ui, sans-serif',
  color: '#1d2230',
  cursor: 'grab',
  userSelect: 'none',
} as const

function Card({ card }: { card: KanbanCard }) {
  const { ref } = useAABBBody<HTMLDivElement>({
    id: card.id,
    draggable: true,
    keyboard: true,
    label: card.title,
  })
  return (
    <div
      ref={ref}
      role="article"
      aria-label={card.title}
      style={{ ...cardStyle, left: card.x, top: card.y, ...CARD }}
    >
      {card.title}
    </div>
  )
}

/** A palette item: drags a new card of `kind`, with the id `${kind}-${serial}`, into any board. */
function PaletteItem({ kind, serial }: { kind: string; serial: number }) {
  const { ref, isDragging } = useExternalDraggable({
    id: `${kind.toLowerCase()}-${serial}`,
    ...CARD,
    data: { title: `New ${kind.toLowerCase()} ${serial}` },
  })
  return (
    <div
      ref={ref}
      role="button"
      aria-label={`New ${kind.toLowerCase()}`}
      style={{
        ...cardStyle,
        position: 'static',
        width: 120,
        height: 32,
        borderStyle: 'dashed',
        opacity: isDragging ? 0.5 : 1,
      }}
    >
      + {kind}
    </div>
  )
}

/**
 * A kanban: three boards of one `group`, whose cards move between them, and a palette whose
 * items drag new cards into any board (`useExternalDraggable`). The app keeps the cards in
 * its state: `onExternalDrop` adds one, `onTransfer` moves one (at the `rect` the preview
 * showed); the world places each card it registers there.
 */
export function KanbanBoards({ cards: initialCards }: KanbanBoardsProps) {
  const [cards, setCards] = useState(initialCards)
  const [serial, setSerial] = useState(1)
  const [reset, setReset] = useState(0)

  function added({ id, rect, data }: ExternalDropEvent, board: string) {
    const { title } = data as { title: string }
    setCards((all) => ({ ...all, [board]: [...(all[board] ?? []), { id, title, ...rect }] }))
    setSerial((n) => n + 1)
  }

  // Called on both boards: the board the card enters moves it.
  function transferred({ id, from, to, rect }: TransferEvent, board: string) {
    if (board !== to) return
    setCards((all) => {
      const card = all[from]?.find((each) => each.id === id)
      if (!card) return all
      return {
        ...all,
        [from]: (all[from] ?? []).filter((each) => each.id !== id),
        [to]: [...(all[to] ?? []), { ...card, x: rect.x, y: rect.y }],
      }
    })
  }

  return (
    <div style={{ display: 'grid', gap: 12, font: '13px system-ui, sans-serif' }}>
      {/* The card leaving its board for another waits at its start, faded. */}
      <style>{'[data-aabb-transferring] { opacity: 0.35; }'}</style>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <span style={{ fontWeight: 600 }}>Palette:</span>
        {paletteKinds.map((kind) => (
          <PaletteItem key={kind} kind={kind} serial={serial} />
        ))}
        <button
          type="button"
          onClick={() => {
            setCards(initialCards)
            setReset((n) => n + 1)
          }}
        >
          Reset
        </button>
      </div>
      <div key={reset} style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        {kanbanColumns.map((column) => (
          <figure key={column.id} style={{ margin: 0 }}>
            <figcaption style={{ fontWeight: 600, marginBottom: 4 }}>{column.title}</figcaption>
            <PhysicsWorld
              id={column.id}
              group="kanban"
              bounds="container"
              gap={GAP}
              role="region"
              aria-label={`${column.title} board`}
              onExternalDrop={(event) => added(event, column.id)}
              onTransfer={(event) => transferred(event, column.id)}
              style={{
                position: 'relative',
                ...BOARD,
                background: '#eef1f7',
                border: '1px solid #c9cfdd',
                borderRadius: 8,
              }}
            >
              {(cards[column.id] ?? []).map((card) => (
                <Card key={card.id} card={card} />
              ))}
            </PhysicsWorld>
          </figure>
        ))}
      </div>
    </div>
  )
}
