/**
 * Every tolerance, epsilon and iteration count of the fixed step, with its unit and the
 * invariant it protects (Box2D v3's `constants.h` is the model). Lengths are CSS pixels,
 * speeds pixels per second, times seconds. Changing one changes results: the fingerprint
 * (`npm run fingerprint`) must then change in a commit that says why.
 */

/**
 * Depth (px) up to which an overlap between two dynamic bodies is left to the next step
 * (Box2D's "linear slop"). Invariant: push-out rounds are spent on overlaps that are
 * visible, not on rounding left in a resting pile. A dynamic pair's start overlap up to this
 * depth is contact for `blocks`, so a box resting that deep in another still stops or
 * pushes it.
 */
export const PUSH_SLOP = 0.01

/**
 * Depth (px) under which a start overlap with a solid is rounding left by a previous touch
 * (the touch point `a + d * t` is rounded), not a real overlap. Invariant: such an overlap
 * blocks motion into the solid as a touching face does, so it can never become a
 * pass-through.
 */
export const TOUCH_TOLERANCE = 1e-6

/**
 * Distance (px, on each axis) under which a body near others that moved in a step is put
 * back where it was, and under which the velocity pass counts two boxes as touching.
 * Invariant: a stack at rest goes idle. Solver rounding never counts as motion, and a box
 * left hovering a rounding gap (about 1e-14 px) above the floor still has a contact, so
 * shock propagation reaches the stack on it.
 */
export const REST_DISTANCE = 1e-4

/**
 * Distance (px): a damped body with no acceleration (gravity times its gravity scale is zero
 * on both axes) stops once all it would still travel (about `speed / damping`, the integral
 * of the exponential decay) is shorter than this. Invariant: a thrown card with damping
 * comes to rest, in about `ln(v0 / (DAMPED_REST_TRAVEL * damping)) / damping` seconds,
 * without a visible jump; damping alone never brings a speed to zero, so the body moved by
 * less and less for as long as its position could still change in floating point.
 */
export const DAMPED_REST_TRAVEL = 0.25

/**
 * Approach speed (px/s) under which a contact counts as solved. Invariant: the velocity
 * passes stop once no contact changes a velocity by more than noise.
 */
export const VELOCITY_TOLERANCE = 1e-3

/**
 * Relative size under which the sum in `followVelocity` is rounding left by cancellation
 * (dimensionless). Invariant: a velocity left by a displacement that cancelled out is zero,
 * not noise that keeps a body awake.
 */
export const CANCELLATION = 1e-12

/**
 * Depth (px) beyond which a pair that already overlapped at the start of the step (by more
 * than {@link PUSH_SLOP} across its contact normal), and closed along that normal, is pushed
 * apart along it, not along its shortest way out. Under gravity, a pair that only touched
 * at the start goes back along its normal at any depth (`pushOut.ts`). Invariant: an
 * overlap made by this step's motion (a column falling onto a floor, stopped at the bottom
 * after the boxes above moved a whole step) is undone the way it came, so a column is never
 * thrown sideways. Older overlaps of a compressed pile keep the shortest way unless closed
 * this deep.
 */
export const DEEP_OVERLAP = 1

/**
 * Extra room (px) around a body's swept bounds in the broadphase. Invariant: a push-out of
 * up to this much stays inside the bounds the broadphase saw, so its candidates stay valid.
 */
export const BROADPHASE_MARGIN = 1

/**
 * Push-out rounds per step; each round moves every overlapping dynamic pair apart together.
 * Invariant: overlaps deeper than {@link PUSH_SLOP} left after the last round are left to
 * the next step, never deepened.
 */
export const PUSH_ITERATIONS = 20

/**
 * Most pair pushes (a count, per dynamic body) the push-out makes in one step, over all its
 * rounds: no round starts once the step has pushed this many times its dynamic bodies (the
 * round that passes the budget completes, so it is passed by at most one round's pairs).
 * Invariant: a step's push-out costs time linear in its bodies, however packed (issue #23,
 * bounded cost: a board of 2,000 cards of 20 px shrunk under them pushed about 28 pairs per
 * card in its 20 rounds, each push a penetration vector and a sweep against the solids);
 * what is left is pushed on in the next steps, and the layout watch relocates what stays
 * stuck. A step that holds a crowd has no budget: the crowd stage bounds its pairs
 * (`crowd.ts`), and its admitted bodies need every round to leave the held ones. Ordinary
 * scenes stay far below it (a resting pile pushes a few pairs per hundred bodies). Not
 * much lower: a shrunk board's push-out then does too little per step, and its rest can
 * slip past the layout contract's 1 s after the last change.
 */
export const PUSH_BUDGET_PER_BODY = 16

/**
 * Most velocity passes per step (they stop earlier once every contact is solved to
 * {@link VELOCITY_TOLERANCE}). A push travels about one body per pass, so this bounds the
 * length of a row or stack whose push settles within one step.
 */
export const VELOCITY_PASSES = 64

/**
 * Period (in velocity passes) of pooling bodies that close on one another along an axis
 * (`ChainPool`): in the first pass after the one over every contact, and every this many
 * passes after it. Invariant: a row pushed end-on moves as one run instead of needing a
 * pass per body.
 */
export const CHAIN_PASSES = 4

/** Most sweeps over the contacts in one `ChainPool.pool`; each sweep that changes anything pools two runs at least. */
export const MAX_CHAIN_SWEEPS = 64

/**
 * Longest chain of bodies resting on one another that shock propagation follows (levels
 * counted from the bodies on solids). Bodies above it get no support level: they are
 * weighed by mass alone, and the breadth-first walk stays bounded.
 */
export const MAX_SUPPORT_DEPTH = 256

/** Most swept hits one body may take in one step's move against solids (a slide into a corner takes two). */
export const MAX_HITS = 4

/** Most rounds of separating a body from the solids it starts inside. */
export const MAX_SEPARATIONS = 4

/**
 * Depth (px) beyond which an overlap the step leaves is a stuck overlap for the layout
 * watch (`world/layoutWatch.ts`). Invariant: every layout change settles: a pair the
 * push-out leaves this deep for {@link STUCK_SECONDS} cannot be pushed apart locally, and
 * is relocated or reported as overflowing, never left flickering.
 */
export const STUCK_DEPTH = 0.5

/**
 * Simulated time (s) a body stays stuck deeper than {@link STUCK_DEPTH} before the layout
 * watch relocates it or reports it as overflowing. Invariant: a layout change is idle within
 * 1 s of simulated time (a quarter for the push-out to try, then decisions at every step).
 */
export const STUCK_SECONDS = 0.25

/**
 * Most free-spot searches (a count) the layout watch makes after one step: cards wedged in
 * a solid (no way out that the step could take) are relocated at once, up to this many in
 * insertion order, and the others stay wedged until a later step's searches (a card its
 * enclosure cannot hold is set aside without a search and spends none); the searches left
 * go to the cards stuck longest in dynamic pairs, once they are decided. Invariant: the
 * watch's cost per step is bounded whatever the change (a static panel grown over hundreds
 * of cards wedges them all at once); a search costs O(n log n) in the bodies near its card
 * (`findFreeSpot`).
 */
export const FREE_SPOT_SEARCHES = 4

/**
 * Dynamic pairs per dynamic body (a count) beyond which a step holds crowds
 * (`crowd.ts`). Invariant: a step's work grows with its bodies, not with their square.
 * Ordinary scenes stay far below it (a packed board has about 4 pairs per body, the
 * benchmark's scattered boxes about 1), so they never hold a body.
 */
export const CROWD_PAIRS_PER_BODY = 16

/**
 * Most pairs (a count) a body may have with the bodies admitted before it in a crowded
 * step; a body with more is held for the step (stopped, infinite mass). Invariant: the
 * pairs among admitted bodies are at most this many per body, and the first body of every
 * crowd is admitted, so a crowd spreads a few dozen bodies per step.
 */
export const CROWD_LIMIT = 16

/**
 * Most rounds of finding the contacts and solving the velocities in one step (`reach.ts`):
 * each later round follows the bodies the previous one threw beyond their broadphase bounds
 * one contact further (a card pushed along a row reaches the next card). Invariant: the
 * passes see every body a solved motion can meet, up to rows this many bodies deep; beyond
 * them the sweep and the push-out stop what is left.
 */
export const CONTACT_ROUNDS = 8

/**
 * Most lattice cells (a count) per body that a batched placement (`world/placeOnLattice.ts`)
 * considers, in a square around the batch (at least 4,096 cells). Invariant: placing a
 * crowd costs O(cells + n log n), bounded whatever the enclosure's size, and a crowd
 * finds a cell per body while at most 63 of its 64 cells per body are blocked.
 */
export const PLACEMENT_CELLS_PER_BODY = 64

/**
 * Packing density (a fraction of an enclosure's area) that the layout watch keeps cards to
 * when a free-spot search has proved a board full (`LayoutWatch.setAsideLike`): it sets
 * aside stuck cards until the others' area is at most this fraction of the board's.
 * Invariant: a board that cannot hold its cards rests within 1 s of its last change; the
 * push-out does not find a perfect packing (squares in rows exactly as wide as the board),
 * and a board kept fuller stays stuck, one card set aside per step.
 */
export const OVERFLOW_PACKING = 0.9

/**
 * Factor (dimensionless, < 1) by which the layout watch lowers its packing density, from
 * {@link OVERFLOW_PACKING}, after each decision that sets a card aside while the board stays
 * stuck since its last change (`LayoutWatch`). Invariant: a board the push-out cannot pack
 * as densely as the target still rests soon after its change: the target falls 2% a
 * decision, to 70% of the board within 13 decisions, instead of one card set aside a step
 * for as long as the push-out takes to unjam. The price is a few more cards set aside than
 * a slower push-out would have fitted.
 */
export const PACKING_BACKOFF = 0.98

/**
 * Fraction of the smaller body's area (a ratio) that a dynamic pair must overlap over for
 * the crowd spreader (`world/crowdSpreader.ts`) to count it: a card stacked on another, a
 * small card under a huge one. Invariant: only crowds the push-out cannot undo locally are
 * placed; a thin bar across a row of cards (4 px over 10 px cards, 40% of each) is left to
 * the push-out, which separates it in a few steps.
 */
export const CROWD_COVER = 0.5

/**
 * Most layer classes (a count: distinct layer and mask pairs) that a crowded scan sorts
 * bodies into (`step/layerPartition.ts`); the bodies of further classes share one more
 * class that meets every class. Invariant: a crowd's scans visit only partners whose layers
 * meet (2,000 bodies at one spot on layers that ignore each other cost O(n), not the n^2
 * tests of visiting every box they overlap), and a scan visits at most this many grids
 * plus one.
 */
export const LAYER_CLASSES = 32
