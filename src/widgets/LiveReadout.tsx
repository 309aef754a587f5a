/** Visually hidden, still read by screen readers (the usual clip pattern). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
} as const

/**
 * A polite live region that announces `text` whenever it changes: the widgets put the
 * numbers a drag or an arrow key changed into it, so keyboard and screen-reader users hear
 * what sighted users read off the picture.
 */
export function LiveReadout({ text }: { text: string }) {
  return (
    <span aria-live="polite" style={visuallyHidden}>
      {text}
    </span>
  )
}
