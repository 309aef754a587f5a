/**
 * The uniform grid moved to `src/core/broadphase/`; this re-export keeps the debug overlay
 * (`src/react/debugCells.ts`) building until it imports the grid from there.
 */
export { createItemBounds, reserveItemBounds, UniformGrid } from '../broadphase/uniformGrid.js'
