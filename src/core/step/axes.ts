/** The axes as bits, for the velocity stage (`velocities.ts`, `room.ts`, `displacements.ts`). */

/**
 * The axes a contact's normal lies on, and what a body changed on, as bits. Normals are
 * axis-aligned and there is no friction, so a change of a body's velocity along x alters
 * only its contacts across x: the passes after the first revisit only those. A corner
 * contact (no normal) never changes a velocity, so no later pass revisits it.
 */
export const X_AXIS = 1

/** The y axis bit (see {@link X_AXIS}). */
export const Y_AXIS = 2

/** Both axes: a body whose impulse time changed, which alters all its contacts. */
export const BOTH_AXES = X_AXIS | Y_AXIS
