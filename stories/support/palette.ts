/**
 * Colours shared by the article demos, so every story reads the same way: the Minkowski
 * difference is blue and the origin white (article 000's and 003's demos), a box is green
 * while it collides and red while apart, a swept ray is green when it hits and red when it
 * misses (article 003).
 *
 * Contrast (WCAG 2.2 AA): `text`, `mutedText` and every colour used for text or shapes
 * have at least 4.5:1 against `background`; a label on a coloured box is written in
 * `background` (at least 4.5:1 on `colliding`, `apart`, `moving` and `obstacle`). The
 * `...OnLight` colours are the green and red for text on the page's white background.
 */
export const palette = {
  background: '#1d2230',
  text: '#ffffff',
  mutedText: '#a9aec0',
  origin: '#ffffff',
  outline: '#ffffff',
  minkowskiStroke: '#508cff',
  minkowskiFill: 'rgba(80, 140, 255, 0.25)',
  obstacle: '#8a8fa3',
  colliding: '#3ccf6e',
  apart: '#e36464',
  moving: '#f0a33c',
  penetration: '#ffd24a',
  construction: '#c792ff',
  collidingOnLight: '#1a7f3c',
  apartOnLight: '#c0392b',
} as const
