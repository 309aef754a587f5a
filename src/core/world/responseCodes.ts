import { SWEPT_RESPONSES } from '../geometry/responses.js'

/**
 * The one table of responses as the world stores them: a body's `response` and a pair's
 * code (from `pairCode`) are numbers. A swept response's code is its index in
 * {@link RESPONSE_NAMES}, and a stronger response has a larger code (`cross` over `bounce`
 * over `touch` over `slide`: `strongerResponse` takes the larger); {@link IGNORE} is the
 * code of a pair that does not collide at all.
 */
export const RESPONSE_NAMES = SWEPT_RESPONSES
/** `slide`: the normal part of the relative velocity is removed (article 003). */
export const SLIDE = 0
/** `touch`: the body stops on contact. */
export const TOUCH = 1
/** `bounce`: the normal part is reflected, scaled by the restitution. */
export const BOUNCE = 2
/** `cross`: the pair passes through, reporting contacts. */
export const CROSS = 3
/** A pair whose layers and masks do not match, or that the pair filter turned down. */
export const IGNORE = 255

/**
 * Whether a pair of code `code` keeps its bodies apart: it collides (not {@link IGNORE}) and
 * does not pass through (not {@link CROSS}). Only such pairs are swept, pushed out, solved
 * and checked by the layout contract.
 */
export function keepsApart(code: number): boolean {
  return code !== IGNORE && code !== CROSS
}
