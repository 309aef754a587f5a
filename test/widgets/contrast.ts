/** A colour as the browser computes it: red, green, blue in 0-255, alpha in 0-1. */
export interface Colour {
  r: number
  g: number
  b: number
  a: number
}

/** Parses a computed colour (`rgb(r, g, b)` or `rgba(r, g, b, a)`); `null` for anything else. */
export function parseColour(computed: string): Colour | null {
  const match = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(computed)
  if (!match) return null
  const [, r, g, b, a] = match
  return { r: Number(r), g: Number(g), b: Number(b), a: a === undefined ? 1 : Number(a) }
}

/** `top` painted over the opaque `bottom` ("source over" compositing). */
export function over(top: Colour, bottom: Colour): Colour {
  const mix = (upper: number, lower: number) => upper * top.a + lower * (1 - top.a)
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 }
}

/** WCAG 2.2 relative luminance of an opaque colour. */
function luminance({ r, g, b }: Colour): number {
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/** WCAG 2.2 contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(first: Colour, second: Colour): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((x, y) => y - x)
  return (lighter! + 0.05) / (darker! + 0.05)
}

/**
 * The opaque colour behind `element`: its own background and its ancestors', composited
 * from the page's white up (a translucent row highlight over the widget's background).
 */
export function backgroundBehind(element: Element): Colour {
  const layers: Colour[] = []
  for (let at: Element | null = element; at; at = at.parentElement) {
    const colour = parseColour(getComputedStyle(at).backgroundColor)
    if (colour && colour.a > 0) layers.push(colour)
    if (colour?.a === 1) break
  }
  return layers.reduceRight((below, layer) => over(layer, below), {
    r: 255,
    g: 255,
    b: 255,
    a: 1,
  })
}
