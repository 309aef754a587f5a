/**
 * The options of `useAABBBody`, defined beside the board that applies them (the stories
 * import them from this path).
 */
export type { AABBBodyOptions, BodyContact, BodyDragEnd } from '../board/bodyOptions.js'
