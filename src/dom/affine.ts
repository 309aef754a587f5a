import type { Rect, Vec2 } from '../core/geometry/types.js'

/**
 * A 2D affine map `p' = (a*x + c*y + e, b*x + d*y + f)`, laid out like `DOMMatrix` and
 * `SVGMatrix` so either can be copied in. Plain numbers keep it usable where those
 * classes are missing (happy-dom, server rendering).
 */
export interface Affine {
  a: number
  b: number
  c: number
  d: number
  e: number
  f: number
}

/** The identity map. */
export const identityAffine: Readonly<Affine> = { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }

/** Copies the six entries of a `DOMMatrix`/`SVGMatrix` (or another `Affine`). */
export function affineFrom(m: Affine): Affine {
  return { a: m.a, b: m.b, c: m.c, d: m.d, e: m.e, f: m.f }
}

/** `outer ∘ inner`: the map that applies `inner` first, then `outer`. */
export function composeAffine(outer: Affine, inner: Affine): Affine {
  return {
    a: outer.a * inner.a + outer.c * inner.b,
    b: outer.b * inner.a + outer.d * inner.b,
    c: outer.a * inner.c + outer.c * inner.d,
    d: outer.b * inner.c + outer.d * inner.d,
    e: outer.a * inner.e + outer.c * inner.f + outer.e,
    f: outer.b * inner.e + outer.d * inner.f + outer.f,
  }
}

/** The inverse map; a singular matrix (a zero-size scale) yields the identity so nothing becomes NaN. */
export function invertAffine(m: Affine): Affine {
  const det = m.a * m.d - m.b * m.c
  if (det === 0 || !Number.isFinite(det)) return affineFrom(identityAffine)
  return {
    a: m.d / det,
    b: -m.b / det,
    c: -m.c / det,
    d: m.a / det,
    e: (m.c * m.f - m.d * m.e) / det,
    f: (m.b * m.e - m.a * m.f) / det,
  }
}

/** Maps a point, writing into `out` (no allocation on the pointer-move path). */
export function applyAffineInto(out: Vec2, m: Affine, x: number, y: number): Vec2 {
  out.x = m.a * x + m.c * y + m.e
  out.y = m.b * x + m.d * y + m.f
  return out
}

/** Maps a vector (no translation): how an offset in one space reads in the other. */
export function applyLinearInto(out: Vec2, m: Affine, x: number, y: number): Vec2 {
  out.x = m.a * x + m.c * y
  out.y = m.b * x + m.d * y
  return out
}

/**
 * The axis-aligned box around the image of `rect` under `m`: exact for scales and
 * translations, the enclosing box of the four corners when `m` rotates or skews.
 */
export function mapRectBounds(m: Affine, rect: Rect): Rect {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  const corner: Vec2 = { x: 0, y: 0 }
  for (let i = 0; i < 4; i++) {
    applyAffineInto(corner, m, rect.x + (i & 1) * rect.width, rect.y + (i >> 1) * rect.height)
    minX = Math.min(minX, corner.x)
    minY = Math.min(minY, corner.y)
    maxX = Math.max(maxX, corner.x)
    maxY = Math.max(maxY, corner.y)
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY }
}
