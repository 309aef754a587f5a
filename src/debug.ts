/**
 * `react-aabb/debug`: the debug overlay on its own. `<PhysicsWorld debug>` loads this entry
 * when first asked to draw, so a board app that never sets `debug` does not ship it.
 */
export { DebugOverlay } from './react/DebugOverlay.js'
