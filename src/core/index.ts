/** `react-aabb/core`: the framework-free, DOM-free part of react-aabb (runs in Node). */
export * from './geometry/index.js'
export * from './world/index.js'
