import type { Meta, StoryObj } from '@storybook/react-vite'
import { PhysicsWorld, useAABBBody, type ResizeMode } from 'react-aabb'

/** A card laid out absolutely on its board, resizable or not. */
function BoardCard({
  id,
  label,
  left,
  resizable,
}: {
  id: string
  label: string
  left: number
  resizable: false | { mode: ResizeMode; minWidth: number; minHeight: number }
}) {
  const { ref } = useAABBBody<HTMLDivElement>({ id, label, draggable: true, resizable })
  return (
    <div
      ref={ref}
      style={{
        position: 'absolute',
        left,
        top: 40,
        width: 70,
        height: 70,
        boxSizing: 'border-box',
        display: 'grid',
        placeItems: 'center',
        borderRadius: 8,
        background: resizable ? '#ffffff' : '#dde3f0',
        border: '1px solid #9aa6bf',
        font: '600 13px system-ui, sans-serif',
        userSelect: 'none',
      }}
    >
      {label}
    </div>
  )
}

/**
 * One board per mode: "Grow" is resizable with that mode (its bottom-right handle), and
 * the two cards to its right are what its edge meets ("Soft" is resizable down to 40 px,
 * so `'squeeze'` shrinks it; "Firm" is not, so it is pushed whole).
 */
function ModeBoard({ mode }: { mode: ResizeMode }) {
  const minimum = { mode, minWidth: 40, minHeight: 40 }
  return (
    <figure style={{ margin: 0 }}>
      <figcaption style={{ font: '600 13px system-ui, sans-serif', marginBottom: 6 }}>
        mode: &apos;{mode}&apos;
      </figcaption>
      <PhysicsWorld
        gravity={{ x: 0, y: 0 }}
        bounds="container"
        role="group"
        aria-label={`Board, mode ${mode}`}
        style={{
          position: 'relative',
          width: 300,
          height: 150,
          background: '#eef1f7',
          borderRadius: 10,
        }}
      >
        <BoardCard id={`${mode}-grow`} label="Grow" left={12} resizable={minimum} />
        <BoardCard
          id={`${mode}-soft`}
          label="Soft"
          left={82}
          resizable={{ ...minimum, mode: 'push' }}
        />
        <BoardCard id={`${mode}-firm`} label="Firm" left={152} resizable={false} />
      </PhysicsWorld>
    </figure>
  )
}

function ResizeModes() {
  return (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
      <ModeBoard mode="push" />
      <ModeBoard mode="stop" />
      <ModeBoard mode="squeeze" />
    </div>
  )
}

const meta = {
  title: 'Use cases/Resize modes',
  component: ResizeModes,
  parameters: {
    docs: {
      description: {
        component:
          "`useAABBBody({ resizable: { mode } })`: drag the bottom-right handle of \"Grow\" to the right. `'push'` pushes Soft and Firm as a drag does and stops at the board's edge; `'stop'` stops at Soft; `'squeeze'` shrinks Soft down to its `minWidth` (40) before pushing. The left edge stays put. Alt+arrows resize a focused card; Escape during a resize puts everything back.",
      },
    },
  },
} satisfies Meta<typeof ResizeModes>

export default meta

/** The three modes side by side, as they open: nothing moved yet. */
export const SideBySide: StoryObj<typeof meta> = {}
