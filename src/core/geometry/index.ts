/**
 * The geometry kernel (2D): axis-aligned boxes, their Minkowski difference, discrete and swept
 * collision tests, velocity responses and integrators. Pure functions, no DOM.
 */
export type {
  AccelerationField,
  KinematicState,
  Rect,
  SweepHit,
  SweptResponse,
  Vec2,
} from './types.js'
export {
  createMinkowskiEdges,
  minkowskiDifference,
  minkowskiDifferenceInto,
  type MinkowskiEdges,
} from './minkowskiDifference.js'
export { containsPoint, overlaps, overlapsInterior } from './overlaps.js'
export {
  centreBoxOverlaps,
  centreBoxToRect,
  centreBoxToRectInto,
  rectToCentreBox,
  rectToCentreBoxInto,
  type CentreBox,
} from './centreBox.js'
export { penetrationVector, penetrationVectorInto } from './penetrationVector.js'
export { closestPointOnBounds, closestPointOnBoundsInto } from './closestPointOnBounds.js'
export { rayFraction, rayHitInto, type RayHit } from './rayFraction.js'
export { createSweepHit, createSweepScratch, sweep, sweepInto, type SweepScratch } from './sweep.js'
export {
  bounce,
  bounceInto,
  cross,
  crossInto,
  respond,
  respondInto,
  slide,
  slideInto,
  touch,
  touchInto,
} from './responses.js'
export {
  createIntegratorScratch,
  integrateEuler,
  integrateEulerInto,
  integrateExplicitEuler,
  integrateExplicitEulerInto,
  integrateRK4,
  integrateRK4Into,
  type IntegratorScratch,
} from './integrators.js'
