import { useState, type RefObject } from 'react'
import { useIsomorphicLayoutEffect } from '../react/useIsomorphicLayoutEffect.js'

/**
 * How many of `svg`'s user units make one CSS pixel as it is drawn now, at least 1: the
 * factor by which a widget multiplies the font size of its SVG text, so that text keeps its
 * size in CSS px however narrow the figure gets (a 600-unit view at 320 px would otherwise
 * shrink 13 px labels to 7 px). 1 until measured (on the server, before layout), and
 * measured again whenever the SVG is resized (ResizeObserver).
 */
export function useTextScale(
  svgRef: RefObject<SVGSVGElement | null>,
  viewBoxWidth: number,
): number {
  const [scale, setScale] = useState(1)
  useIsomorphicLayoutEffect(() => {
    const svg = svgRef.current
    if (!svg) return
    const measure = () => {
      const width = svg.getBoundingClientRect().width
      if (width > 0) setScale(Math.max(1, viewBoxWidth / width))
    }
    measure()
    if (typeof ResizeObserver !== 'function') return
    const observer = new ResizeObserver(measure)
    observer.observe(svg)
    return () => observer.disconnect()
  }, [svgRef, viewBoxWidth])
  return scale
}
