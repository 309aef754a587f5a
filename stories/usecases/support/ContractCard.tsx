import { useAABBBody } from 'react-aabb'
// A relative type import: react-docgen cannot follow the 'react-aabb' alias to the options' TSDoc.
import type { AABBBodyOptions } from '../../../src/react/bodyOptions.js'

/**
 * A card: a plain `<div>` laid out by CSS and registered with `useAABBBody`, showing its
 * label (else its id). Its props are the hook's options, so its autodocs table documents
 * them. A keyboard-movable card gets `role="button"` from the hook, named by that text.
 */
export function ContractCard(options: AABBBodyOptions) {
  const { ref, id } = useAABBBody<HTMLDivElement>(options)
  return (
    <div
      ref={ref}
      style={{
        width: 120,
        height: 80,
        display: 'grid',
        placeItems: 'center',
        borderRadius: 8,
        background: '#ffffff',
        border: '1px solid #c9cfdd',
        font: '600 14px system-ui, sans-serif',
        userSelect: 'none',
      }}
    >
      {options.label ?? id}
    </div>
  )
}

/** The board of the example cards: a flex row, walls at the container's edges. */
export const contractBoardStyle = {
  position: 'relative',
  display: 'flex',
  gap: 40,
  padding: 24,
  width: 520,
  height: 200,
  background: '#eef1f7',
  borderRadius: 10,
} as const
