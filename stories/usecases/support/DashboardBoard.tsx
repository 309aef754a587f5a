import { useCallback, useState } from 'react'
import { createPortal } from 'react-dom'
import { PhysicsWorld, useAABBBody, useWorld, useWorldState, type Layout } from 'react-aabb'
import {
  dashboardCell,
  layoutOf,
  loadLayout,
  saveLayout,
  type DashboardCardSpec,
} from './dashboardLayout.js'

/** Props of {@link DashboardBoard}. */
export interface DashboardBoardProps {
  /** The cards and their default places. */
  cards: readonly DashboardCardSpec[]
  /** Board width in CSS pixels. @default 640 */
  width?: number
  /** Board height in CSS pixels. @default 400 */
  height?: number
  /** The grid cell in CSS pixels (`snap`); the arrow keys move by one cell. @default 16 */
  snap?: number
  /** The least distance between two cards, and between a card and the board's edge (`gap`). @default 16 */
  gap?: number
  /** Where the layout is saved in localStorage; it opens in the layout saved there. @default 'react-aabb:dashboard' */
  storageKey?: string
  /** Draw the world's boxes over the board. @default false */
  debug?: boolean
  /** Cards pushed aside slide back as the dragged card moves on (`returnPushed`). @default true */
  returnPushed?: boolean
}

const buttonStyle = {
  font: '12px system-ui, sans-serif',
  padding: '2px 8px',
  borderRadius: 6,
  border: '1px solid #9aa3b8',
  background: '#f6f7fb',
  color: '#1d2230',
  cursor: 'pointer',
} as const

function DashboardCard({ card }: { card: DashboardCardSpec }) {
  const { id, title } = card
  const [refreshed, setRefreshed] = useState(0)
  const { ref } = useAABBBody<HTMLElement>({
    id,
    draggable: true,
    keyboard: true,
    label: title,
    // Grabbed by its title bar only: the text below can be selected, the button clicked.
    dragHandle: '[data-card-handle]',
    // The corner handle; the card never gets smaller than its title and one line.
    resizable: { minWidth: 96, minHeight: 64 },
  })
  return (
    <article
      ref={ref}
      aria-label={title}
      aria-roledescription="movable card"
      style={{
        position: 'absolute',
        left: card.x,
        top: card.y,
        width: card.width,
        height: card.height,
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 8,
        background: '#ffffff',
        border: '1px solid #c9cfdd',
        boxShadow: '0 1px 3px rgba(20, 30, 60, 0.15)',
        color: '#1d2230',
        userSelect: 'none',
        overflow: 'hidden',
      }}
    >
      {/* The handle area: the title bar, where the grab cursor shows; its button is no
          handle (a click is not a drag). */}
      <header
        data-card-handle=""
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 4,
          padding: '4px 6px 4px 8px',
          background: '#e3e8f3',
          font: '600 14px system-ui, sans-serif',
          cursor: 'grab',
        }}
      >
        <span aria-hidden="true" style={{ color: '#6b7285' }}>
          ⠿
        </span>
        {/* A narrow card shortens its title rather than pushing the button off its edge. */}
        <span
          style={{
            flex: 1,
            minWidth: 0,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {title}
        </span>
        <button
          type="button"
          style={{ ...buttonStyle, padding: '2px 6px', flexShrink: 0 }}
          aria-label={`Refresh ${title}`}
          onClick={() => setRefreshed((count) => count + 1)}
        >
          ↻
        </button>
      </header>
      <p
        style={{
          margin: 0,
          padding: '6px 10px',
          font: '12px system-ui, sans-serif',
          color: '#4a5163',
        }}
      >
        Refreshed {refreshed} {refreshed === 1 ? 'time' : 'times'}
      </p>
    </article>
  )
}

/**
 * Undo and Redo buttons for the world they are rendered in (`useWorld`, `useWorldState`),
 * shown in the toolbar through a portal: the context of `<PhysicsWorld>` reaches them
 * there, outside its container.
 */
function HistoryButtons({ toolbar }: { toolbar: HTMLElement | null }) {
  const world = useWorld()
  const canUndo = useWorldState((state) => state.canUndo)
  const canRedo = useWorldState((state) => state.canRedo)
  if (toolbar === null) return null
  return createPortal(
    <>
      <button type="button" style={buttonStyle} disabled={!canUndo} onClick={() => world.undo()}>
        Undo
      </button>
      <button type="button" style={buttonStyle} disabled={!canRedo} onClick={() => world.redo()}>
        Redo
      </button>
    </>,
    toolbar,
  )
}

/**
 * A dashboard on a grid: titled cards that keep 16 px apart (`gap`), snapped to a 16 px grid, moved
 * by drag (pushing the others aside) or by the arrow keys (one cell per press), with a
 * compaction toggle. The layout is controlled: `onLayoutChange` saves it (state and
 * localStorage) and it is passed back as `layout`, which is free; Reset passes the default
 * layout.
 */
export function DashboardBoard({
  cards,
  width = 640,
  height = 400,
  snap = dashboardCell,
  gap = dashboardCell,
  storageKey = 'react-aabb:dashboard',
  debug = false,
  returnPushed = true,
}: DashboardBoardProps) {
  const [toolbar, setToolbar] = useState<HTMLElement | null>(null)
  const [layout, setLayout] = useState<Layout>(() => loadLayout(storageKey) ?? layoutOf(cards))
  const [compact, setCompact] = useState(false)
  const onLayoutChange = useCallback(
    (next: Layout) => {
      setLayout(next)
      saveLayout(storageKey, next)
    },
    [storageKey],
  )
  const reset = () => {
    setCompact(false)
    setLayout(layoutOf(cards))
    saveLayout(storageKey, null)
  }
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      {/* The library marks selected cards with `data-selected`: the app styles them. */}
      <style>{'article[data-selected] { outline: 3px solid #3b6fd8; outline-offset: 1px; }'}</style>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <div
          ref={setToolbar}
          style={{ display: 'flex', gap: 16, font: '13px system-ui, sans-serif' }}
        >
          <label>
            <input
              type="checkbox"
              checked={compact}
              onChange={(event) => setCompact(event.target.checked)}
            />{' '}
            Compact up
          </label>
          <button type="button" style={buttonStyle} onClick={reset}>
            Reset layout
          </button>
        </div>
        <PhysicsWorld
          bounds="container"
          snap={snap}
          gap={gap}
          {...(compact && { compact: 'up' as const })}
          layout={layout}
          onLayoutChange={onLayoutChange}
          returnPushed={returnPushed}
          debug={debug}
          role="region"
          aria-label="Dashboard board"
          style={{
            position: 'relative',
            width,
            height,
            background: '#eef1f7',
            backgroundImage: 'radial-gradient(circle, #c9cfdd 1px, transparent 1px)',
            backgroundSize: `${snap}px ${snap}px`,
            border: '1px solid #c9cfdd',
            borderRadius: 10,
            flex: 'none',
          }}
        >
          {cards.map((card) => (
            <DashboardCard key={card.id} card={card} />
          ))}
          <HistoryButtons toolbar={toolbar} />
        </PhysicsWorld>
      </div>
      {/* It scrolls once the layout outgrows the board: focusable, so keys can scroll it too.
          It narrows to 160 px (its longest line is about 110) before it wraps below the
          board, so it stays beside the board on a docs page (838 px wide in a 1280 px window). */}
      <pre
        role="region"
        aria-label="Layout JSON"
        tabIndex={0}
        data-testid="layout-json"
        style={{
          margin: 0,
          padding: 12,
          boxSizing: 'border-box',
          flex: '1 1 160px',
          minWidth: 160,
          maxWidth: 300,
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
