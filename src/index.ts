/** `react-aabb`: the core (geometry and world) plus the React layer. */
export * from './core/index.js'
export * from './react/index.js'
