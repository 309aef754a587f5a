import type { CSSProperties } from 'react'

/** The colours every widget draws with, by role. */
const darkColours = {
  background: '#1d2230',
  text: '#ffffff',
  mutedText: '#a9aec0',
  origin: '#ffffff',
  outline: '#ffffff',
  minkowskiStroke: '#508cff',
  minkowskiFill: 'rgba(80, 140, 255, 0.25)',
  obstacle: '#8a8fa3',
  colliding: '#3ccf6e',
  apart: '#f47c7c',
  moving: '#f0a33c',
  penetration: '#ffd24a',
  construction: '#c792ff',
  highlight: 'rgba(80, 140, 255, 0.15)',
} as const

type ColourRole = keyof typeof darkColours

/** `minkowskiStroke` -> `--aabb-widget-minkowski-stroke`. */
function customProperty(role: ColourRole): `--aabb-widget-${string}` {
  return `--aabb-widget-${role.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`
}

/**
 * Colours shared by every widget, so they all read the same way: the Minkowski difference
 * is blue and the origin white (articles 000 and 003), a box is green while it collides and
 * red while apart, a swept ray is green when it hits and red when it misses (article 003).
 *
 * Each value is a CSS custom property with the dark theme as its fallback
 * (`var(--aabb-widget-colliding, #3ccf6e)`), so a page themes every widget at once by
 * setting the properties on any ancestor (see {@link widgetLightTheme}).
 *
 * Contrast (WCAG 2.2 AA): `text`, `mutedText` and every colour used for text or shapes
 * have at least 4.5:1 against `background`; a label on a coloured box is written in
 * `background` (at least 4.5:1 on `colliding`, `apart`, `moving` and `obstacle`).
 * `highlight` is the background of a selected table row: `text`, `mutedText` and `apart`
 * keep 4.5:1 on it.
 * Every widget paints its own `background` behind its HTML parts too (tables, lists,
 * captions) and writes them in `text`, so a theme never depends on the page's colours.
 */
export const palette = Object.fromEntries(
  Object.entries(darkColours).map(([role, colour]) => [
    role,
    `var(${customProperty(role as ColourRole)}, ${colour})`,
  ]),
) as { readonly [role in ColourRole]: string }

/**
 * A light theme for the widgets: spread it into the `style` of any element around them.
 * Same contrast rules as {@link palette}'s dark default (4.5:1 for text and shapes on
 * `background`, labels on coloured boxes written in `background`).
 *
 * @example
 * ```tsx
 * <div style={widgetLightTheme}>
 *   <TunnelingDemo />
 * </div>
 * ```
 */
export const widgetLightTheme: CSSProperties = Object.fromEntries(
  Object.entries({
    background: '#ffffff',
    text: '#1d2230',
    mutedText: '#50566a',
    origin: '#1d2230',
    outline: '#1d2230',
    minkowskiStroke: '#1f5fd6',
    minkowskiFill: 'rgba(31, 95, 214, 0.15)',
    obstacle: '#5f6477',
    colliding: '#1a7f3c',
    apart: '#c0392b',
    moving: '#a65a00',
    penetration: '#7a5b00',
    construction: '#7b3fc4',
    highlight: 'rgba(31, 95, 214, 0.08)',
  } satisfies Record<ColourRole, string>).map(([role, colour]) => [
    customProperty(role as ColourRole),
    colour,
  ]),
)

/**
 * The style of every widget's outermost element: the palette's background and text colour
 * (so HTML parts follow the theme as the SVG does) and the widgets' font.
 */
export const widgetRootStyle = {
  background: palette.background,
  color: palette.text,
  fontFamily: 'system-ui, sans-serif',
  fontSize: 14,
} as const
