import {
  createIntegratorScratch,
  createSweepHit,
  createSweepScratch,
  type IntegratorScratch,
} from '../geometry/index.js'
import type { KinematicState, Rect, Vec2 } from '../geometry/types.js'
import { IndexBuffer, PairBuffer } from '../broadphase/buffers.js'
import { createItemBounds, UniformGrid, type OverlapVisitor } from '../broadphase/uniformGrid.js'
import type { BodyStore } from '../world/bodyStore.js'
import { ContactTracker } from '../world/contactTracker.js'
import { HitLog } from '../world/hitLog.js'
import type { WorldSettings } from '../world/types.js'
import { ChainPool } from './chains.js'

/**
 * The velocity passes' and the push-out's buffers and scratch for one world, created once
 * per world: no two worlds share any of it, so a world may step inside another world's
 * pair filter or listener. Growable arrays start empty and are replaced, never
 * shrunk, when a step needs more. Hot loops read the fields they use into locals first.
 */
export class StepScratch {
  a: Rect = { x: 0, y: 0, width: 0, height: 0 }
  b: Rect = { x: 0, y: 0, width: 0, height: 0 }
  penetration: Vec2 = { x: 0, y: 0 }
  normal: Vec2 = { x: 0, y: 0 }
  relativeMotion: Vec2 = { x: 0, y: 0 }
  /** Body i's own motion, logged with a hit (the sweep uses the pair's relative motion). */
  ownMotion: Vec2 = { x: 0, y: 0 }
  still: Vec2 = { x: 0, y: 0 }
  hit = createSweepHit()
  /** What the geometry kernels work in (Minkowski edges, ray, relative motion). */
  readonly kernel = createSweepScratch()
  // The contacts of the step: body i (local), other j (local index of a dynamic, or -1 - solid
  // slot), normal from j toward i, the response mode, restitution, and the speed at which the
  // pair may still approach: 0 for a pair touching at the start, gap / step for a speculative
  // contact (a dynamic pair apart at the start whose motions meet within the step), and
  // -gap / step once the passes made that pair meet (it may approach no more; the gap is kept
  // for its time of impact).
  contactI = new Int32Array(0)
  contactJ = new Int32Array(0)
  contactNormalX = new Float64Array(0)
  contactNormalY = new Float64Array(0)
  contactMode = new Uint8Array(0)
  contactRestitution = new Float64Array(0)
  /**
   * The weights of each dynamic pair contact under gravity (inverse masses, shock propagation
   * applied: see {@link weighUnderGravity}); without gravity they are not written, and
   * {@link weighedBySupport} is false.
   */
  contactWeightI = new Float64Array(0)
  contactWeightJ = new Float64Array(0)
  /** Whether this step's contacts have weights of their own (its world has gravity). */
  weighedBySupport = false
  contactSlack = new Float64Array(0)
  /**
   * How much this step's gravity (and other accelerations) added to the pair's approach,
   * counting only bodies that can move along the contact (a supporter under shock
   * propagation, a solid or a non-pushable body does not).
   */
  contactGravityClosing = new Float64Array(0)
  /** The `sim.pairs` index of each dynamic pair contact (contacts with solids have none). */
  contactPair = new Int32Array(0)
  contactCount = 0
  /**
   * How many of the contacts are dynamic pairs: {@link collectContacts} lists them first, one
   * for every pair that does not cross, in pair order.
   */
  pairContactCount = 0
  /**
   * The contact of each dynamic pair of the step (`sim.pairs` index), or -1 for a pair that
   * crosses or meets only through a solid (the inverse of {@link contactPair}). A pair's
   * contact is speculative when its slack is not 0 (a gap is never 0: see
   * {@link collectContacts}), else the pair touched at the start. The push-out reads the
   * normals through it: a speculative pair is separated along its normal, the way it came,
   * not along its shortest axis, and a touching pair along its normal when this step's
   * closing made its overlap under gravity, or left it deeper than {@link DEEP_OVERLAP} (see
   * {@link pushApart}). One index per pair instead of two normals of each kind: the contacts
   * hold the normals already, and writing four numbers per pair was a tenth of the listing.
   */
  pairContact = new Int32Array(0)
  /** The step's `StepContext.solvedVelocityX` and `solvedVelocityY` (see {@link loadBodies}). */
  velocityX = new Float64Array(0)
  velocityY = new Float64Array(0)
  /** Contacts in solving order: solids first, then up the support levels, then the rest. */
  contactOrder = new Int32Array(0)
  bucketStart = new Int32Array(0)
  /** Each contact's lower body (see `computeSupport`) and its key in the solving order (see `orderContacts`). */
  contactLower = new Int32Array(0)
  contactKey = new Int32Array(0)
  /** Support level of each dynamic body: 0 rests on a solid, n + 1 on a body of level n, -1 none. */
  level = new Int32Array(0)
  supportStart = new Int32Array(0)
  supported = new Int32Array(0)
  queue = new Int32Array(0)
  /** A pair's share of a push for one of its bodies, for {@link addCorrection} (a typed array: see {@link pairWeights}). */
  pairPush = new Float64Array(2)
  /** A pair's whole push (body i's way out of body j, x then y), for `sharePush` (a typed array: see {@link pairWeights}). */
  pushWay = new Float64Array(2)
  correctionX = new Float64Array(0)
  correctionY = new Float64Array(0)
  countX = new Int32Array(0)
  countY = new Int32Array(0)
  /**
   * Per dynamic body, in the current push-out round: the largest and the smallest of its
   * pairs' pushes along each axis (px), which bound its move.
   */
  mostPushX = new Float64Array(0)
  leastPushX = new Float64Array(0)
  mostPushY = new Float64Array(0)
  leastPushY = new Float64Array(0)
  /**
   * Per dynamic body and axis, in this step's push-out: the way (-1, 1, or 0 before any) of
   * its last move, and 1 once a move went against the one before it (wedged between
   * partners: `sharePush` gives its heavier partners its pushes).
   */
  lastPushWayX = new Int8Array(0)
  lastPushWayY = new Int8Array(0)
  wedgedX = new Int8Array(0)
  wedgedY = new Int8Array(0)
  /** Bodies with a correction in the current push-out round. */
  pushedBodies = new IndexBuffer()
  /** The pairs to measure in the current push-out round, and the round each pair was last listed in. */
  roundPairs = new IndexBuffer()
  /** The pairs of the current push-out round that overlap beyond the slop. */
  overlappingPairs = new IndexBuffer()
  /**
   * Per pair of {@link overlappingPairs}, by its place there: the way the round pushed its
   * body i, as a signed axis (1 or -1 along x, 2 or -2 along y), or 0 when neither body
   * could move.
   */
  overlapWay = new Int8Array(0)
  pairListedIn = new Int32Array(0)
  /**
   * The direction (-1, 0, 1) on each axis in which a solid stopped a push of each dynamic
   * body in this step: further pushes that way would move only its partner, so the partner
   * takes the whole push (it is as if the body had an infinite mass that way).
   */
  pinnedX = new Int8Array(0)
  pinnedY = new Int8Array(0)
  /**
   * Of {@link pinnedX} and `pinnedY`, the pins a solid made (the body's own push stopped),
   * not those of resting on a pinned partner.
   */
  walledX = new Int8Array(0)
  walledY = new Int8Array(0)
  /**
   * Per dynamic body and axis, in this round: 1 when a pinned partner pushed it its whole
   * way along -1 (so it now rests on that partner on its +1 side), 2 for the other way; 3
   * both. At the round's end a body with one of them is pinned that way too, so a stack on a
   * floor is pushed up one box per round instead of splitting every push with the box above.
   */
  restsOnPinnedX = new Uint8Array(0)
  restsOnPinnedY = new Uint8Array(0)
  /**
   * The weights {@link weigh} computed: body i's, then body j's. A typed array, not two
   * module variables: V8 boxes every double written to a module variable in a new heap
   * number, and the step must not allocate.
   */
  pairWeights = new Float64Array(2)
  /** The step's `StepContext.inverseMass` (see {@link loadBodies}). */
  inverseMass = new Float64Array(0)
  /**
   * Approach speed under which an impact does not bounce, for the current step (a typed
   * array for the reason given at {@link pairWeights}).
   */
  restingSpeed = new Float64Array(1)
  /**
   * When in the step (0 to 1) each body first took an impulse, or {@link NO_IMPULSE}. Not 1
   * for none: an impulse at the very end of the step (a pair that closes its gap just then)
   * leaves the body's motion of the step as integrated, while a body whose velocity changed
   * with no impulse time (stopped dead by a `touch` solid) moves at its new velocity; read
   * as "none", such an impulse stopped the body in mid-air for a step.
   */
  impulseTime = new Float64Array(0)
  /**
   * Each dynamic body's displacement in the step as the velocity passes solved it (see
   * `followImpulses`), by local index.
   */
  moveX = new Float64Array(0)
  moveY = new Float64Array(0)
  /**
   * The search for the room ahead of a body that may not be pushed (`roomAhead`): the
   * shortest gap sum to each body reached, valid where {@link roomStamp} holds the current
   * {@link roomSearch}; the bodies queued (stamped the same way), in a ring. The cut of the
   * row such a body drives (`stopRowAhead`) stamps the bodies it finds the same way and
   * lists them in {@link roomQueue}.
   */
  roomDistance = new Float64Array(0)
  roomStamp = new Int32Array(0)
  roomQueued = new Int32Array(0)
  roomQueue = new Int32Array(0)
  roomSearch = 0
  /** The step's integrated velocities (before the passes), by local index. */
  integratedX = new Float64Array(0)
  integratedY = new Float64Array(0)
  /** The contacts of each dynamic body k: `bodyContacts[bodyContactStart[k] .. bodyContactStart[k + 1])`. */
  bodyContactStart = new Int32Array(0)
  bodyContacts = new Int32Array(0)
  /** The axis of each entry of `bodyContacts`: {@link X_AXIS}, {@link Y_AXIS}, or 0 for a contact without a normal. */
  bodyContactAxes = new Uint8Array(0)
  /** The last velocity pass that changed each body's velocity beyond the tolerance, or -1. */
  bodyChangedIn = new Int32Array(0)
  /** Bodies changed by the previous pass, and those changed by the current one. */
  changedBodies = new IndexBuffer()
  nextChangedBodies = new IndexBuffer()
  /**
   * The axes on which each listed body changed: {@link BOTH_AXES} when its impulse time
   * moved, which every contact of the body reads; 0 for a body not listed. One array serves
   * both lists: {@link listContactsOfChanged} reads and clears the previous pass's bodies
   * before the pass solves and marks the next ones.
   */
  changedAxes = new Uint8Array(0)
  chainPool = new ChainPool()
  /** The contacts {@link poolChains} gives the chain pool. */
  chainContacts = new IndexBuffer()
  /** The contacts to solve in the current pass, and the pass each contact was last listed in. */
  passContacts = new IndexBuffer()
  contactListedIn = new Int32Array(0)
  /**
   * A bounce contact's approach speed and its time of impact (a fraction of the step) for
   * {@link bounceTarget}, which replaces the first with the speed the contact leaves with: a
   * typed array, as V8 boxes the doubles passed to and returned from a call it does not
   * inline (it did here once the step had run without bounces first).
   */
  bounceSpeeds = new Float64Array(2)
  /** The time `meetTime` (velocities.ts) found, written there: a returned double is boxed. */
  meetTime = new Float64Array(1)
  /**
   * `count ** 0.75` for the counts of pushes a body usually sums on one axis, worked out once
   * ({@link pushApart}'s divisor): Math.pow was a sixth of the push-out in a pile of 10,000
   * boxes, where every round moves thousands of bodies. The same numbers either way.
   */
  PUSH_DIVISORS = Float64Array.from({ length: 64 }, (_, count) => count ** 0.75)

  // Sweeps against solids (solidSweep.ts).
  sweepMover: Rect = { x: 0, y: 0, width: 0, height: 0 }
  sweepObstacle: Rect = { x: 0, y: 0, width: 0, height: 0 }
  sweepMotion: Vec2 = { x: 0, y: 0 }
  sweepStill: Vec2 = { x: 0, y: 0 }
  sweepOtherMotion: Vec2 = { x: 0, y: 0 }
  sweepVelocity: Vec2 = { x: 0, y: 0 }
  sweepHit = createSweepHit()
  sweepPenetration: Vec2 = { x: 0, y: 0 }
  /**
   * A bounce's restitution and the fraction of the step elapsed at its impact, for
   * {@link bounceOffSolid}: a typed array, as V8 boxes a double passed to a call it does not
   * inline.
   */
  sweepBounce = new Float64Array(2)
  /**
   * Whether the last `sweepDynamic` call let a solid change the motion: stopped at one,
   * placed at its face, or a part into one dropped (the push-out pins a body only so).
   */
  sweepStopped = false
  // Where the solid candidates of the current call are: a slice of the step's candidate
  // list, or a fresh query when the motion leaves the body's broadphase bounds.
  sweepCandidateItems = new Int32Array(0)
  sweepCandidateBegin = 0
  sweepCandidateEnd = 0
  /** A way out of {@link separateFromSolids}: the body's box moved, for {@link wayOutClear}. */
  sweepMoved: Rect = { x: 0, y: 0, width: 0, height: 0 }
  /**
   * Where the left, right, up and down moves that clear the solids a body overlaps take it
   * (`overlappedSolids`): x, x, y, y, each placed from the solids' faces.
   */
  sweepWays = new Float64Array(4)
  /** The best way out so far (`considerWay`): its length, the place it leads to (x, y) and clearance. */
  sweepBest = new Float64Array(4)
  /** The solid (a store slot) whose face a zero-size body meets first at a seam (`seamAhead`). */
  seamSolid = -1
  /** The region a way out sweeps: the box spanning the body's place and {@link sweepMoved}. */
  sweepRegion: Rect = { x: 0, y: 0, width: 0, height: 0 }

  // The guard (guard.ts).
  /**
   * Each dynamic body's state in the last step's guard (by local index): stays, in the group,
   * returned, held (`guard.ts`; the layout watch reads it through `returnedInLastStep`).
   */
  returnState = new Uint8Array(0)
  /** Whether the guard marked, in this step, the bodies that started it in a deep overlap. */
  startedDeepMarked = false
  /** The group being returned (local indices), and where the push-out left each member. */
  readonly group = new IndexBuffer()
  groupEndX = new Float64Array(0)
  groupEndY = new Float64Array(0)
  /**
   * Bodies the push-out left outside their broadphase search boxes (local indices), listed by
   * the guard in every step that holds no crowd; the layout watch reads it for its late pairs.
   */
  readonly escaped = new IndexBuffer()
  /** One body's box, as the grids' queries take it, and what the scans and a group's growth find. */
  readonly guardBox = createItemBounds()
  readonly escapedNear = new IndexBuffer()
  readonly guardNear = new IndexBuffer()
  /** The escaped bodies' boxes where the step left them, their grid and their pairs. */
  readonly escapedBoxes = createItemBounds()
  readonly escapedGrid = new UniformGrid()
  readonly escapedPairs = new PairBuffer()

  // Contact recording (recordContacts.ts).
  touchA: Rect = { x: 0, y: 0, width: 0, height: 0 }
  touchB: Rect = { x: 0, y: 0, width: 0, height: 0 }
  touchNormal: Vec2 = { x: 0, y: 0 }

  // Integration (simulation.ts).
  /** An RK4 body's position and velocity, integrated in place. */
  rk4State: KinematicState = { position: { x: 0, y: 0 }, velocity: { x: 0, y: 0 } }
  /** The acceleration of the RK4 body in {@link StepContext.rk4State}. */
  rk4Acceleration: Vec2 = { x: 0, y: 0 }
  /**
   * The integrators' scratch; its `timing` holds the step and the simulated time at its
   * start for `integrateRK4WithTiming`: V8 boxes the doubles passed to a call it does not
   * inline, and an RK4 step is never inlined.
   */
  integrator: IntegratorScratch = createIntegratorScratch()
}

/**
 * The step context of one world: its bodies' lists by kind, the broadphase grids, the pairs
 * and every per-body buffer of the fixed step, and the stages' scratch ({@link StepScratch}).
 * Created once per world and never shared, so two worlds can step inside each other's
 * callbacks. The stages (see `step.ts`) are functions of this context alone. Every pass
 * iterates bodies in insertion order, so the same inputs give the same bits.
 */
export class StepContext {
  readonly contacts: ContactTracker
  /** Every buffer and scratch object of the step's stages; this world's alone. */
  readonly scratch = new StepScratch()
  /** The swept hits since the start of the last step (for `world.forEachHit`). */
  readonly hits = new HitLog()
  /** Dynamic bodies' slots in insertion order; local index k is their position here. */
  dynamic = new Int32Array(0)
  dynamicCount = 0
  /** Static and kinematic bodies' slots (infinite mass), in insertion order. */
  solid = new Int32Array(0)
  solidCount = 0
  /** The store's version when {@link StepContext.dynamic} was last listed (-1: never). */
  collectedVersion = -1
  /** Set when a static or kinematic body is added, removed, moved or changed. */
  solidsDirty = true
  readonly solidBounds = createItemBounds()
  readonly solidGrid = new UniformGrid()
  /** Pairs of solids with a kinematic among them (they touch but never push), for contacts. */
  readonly solidPairs = new PairBuffer()
  readonly dynamicBounds = createItemBounds()
  readonly dynamicGrid = new UniformGrid()
  /** The broadphase's candidate pairs before filtering (it trades places with {@link StepContext.pairs}). */
  candidatePairs = new PairBuffer()
  /** Dynamic pairs (local indices) that may collide, and each pair's response code (`pairCode`). */
  pairs = new PairBuffer()
  pairCodes = new Uint8Array(0)
  startX = new Float64Array(0)
  startY = new Float64Array(0)
  /** Each dynamic body's width and height, by local index. */
  width = new Float64Array(0)
  height = new Float64Array(0)
  /** Velocities before this step's integration (damping applied), by local index. */
  startVelocityX = new Float64Array(0)
  startVelocityY = new Float64Array(0)
  integratedVelocityX = new Float64Array(0)
  integratedVelocityY = new Float64Array(0)
  /**
   * The velocity pass's velocities by local index: a copy of the integrated ones to begin
   * with (as long as those arrays, so one native copy makes it), then solved.
   */
  solvedVelocityX = new Float64Array(0)
  solvedVelocityY = new Float64Array(0)
  /** Each dynamic body's inverse mass in this step (0: not pushable), by local index. */
  inverseMass = new Float64Array(0)
  deltaX = new Float64Array(0)
  deltaY = new Float64Array(0)
  /** Solid candidates of dynamic k: `candidates.items[candidateStart[k] .. candidateStart[k + 1])`. */
  candidateStart = new Int32Array(65)
  readonly candidates = new IndexBuffer()
  /**
   * The bodies whose motion the velocity pass left to {@link StepContext.sweepAgainstSolids}
   * (a solid near them, or a motion beyond their broadphase bounds); the others it moved.
   */
  readonly sweptBodies = new IndexBuffer()
  /**
   * Whether the pairs stage found more than `CROWD_PAIRS_PER_BODY` candidate pairs per
   * dynamic body in the last round (then the crowd stage holds crowds), and whether it
   * listed them all (else it stopped at that many, and the crowd stage lists the pairs).
   */
  crowded = false
  pairsComplete = true
  /**
   * Dynamic pairs the broadphase wrote or the crowd stage met in the current step, over
   * all its rounds: the work the step's pair listing did (for tests of its bound).
   */
  listedPairs = 0
  /**
   * Pair pushes the push-out made in the last step, over all its rounds (`pushOut.ts`,
   * bounded by `PUSH_BUDGET_PER_BODY`): for tests of its bound.
   */
  pushedPairs = 0
  /** Bodies held by the crowd stage in the last step (`crowd.ts`); 0 in an ordinary step. */
  heldCount = 0
  /** 1 for each dynamic body (local index) the crowd stage admitted in the last crowded step. */
  admitted = new Uint8Array(0)
  /** Each dynamic body's partners admitted before it, in a crowded step (`crowd.ts`). */
  crowdMet = new Int32Array(0)
  /** The crowd stage's scan of one body's pairs, made by `crowd.ts` in the first crowded step. */
  crowdScan: OverlapVisitor | undefined = undefined
  /** Scratch for solid queries outside a body's broadphase bounds. */
  readonly freshCandidates = new IndexBuffer()
  /** Scratch for the solids in the region a way out of a solid sweeps (`separateFromSolids`). */
  readonly wayOutSolids = new IndexBuffer()
  /** Scratch for dynamic bodies in the way of a move outside its broadphase bounds. */
  readonly freshDynamics = new IndexBuffer()
  /**
   * 1 for each slot the layout watch marked overflowing (`world/layoutWatch.ts`): its
   * dynamic pairs are ignored, so it rests where it is. Grown by the watch.
   */
  overflowing = new Uint8Array(64)
  /** How many bodies overflow (as last reported by the layout watch). */
  overflowCount = 0
  /** Bodies that moved in the last fixed step. */
  movedInLastStep = 0
  /** Simulated seconds, passed to integrators. */
  time = 0
  /** Whether a pair filter threw since the last {@link StepContext.rethrowFilterError}, and the first error. */
  private filterFailed = false
  private filterError: unknown = undefined

  constructor(
    readonly store: BodyStore,
    public settings: WorldSettings,
  ) {
    this.contacts = new ContactTracker(store)
  }

  /** Keeps the first error a pair filter threw, for {@link StepContext.rethrowFilterError}. */
  noteFilterError(error: unknown): void {
    if (this.filterFailed) return
    this.filterFailed = true
    this.filterError = error
  }

  /** Throws the first error a pair filter threw since the last call, if any (a step or move is complete). */
  rethrowFilterError(): void {
    if (!this.filterFailed) return
    const error = this.filterError
    this.filterFailed = false
    this.filterError = undefined
    throw error
  }
}
