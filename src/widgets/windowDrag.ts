/**
 * Follows a drag on the window, so that it keeps going when the pointer leaves the element
 * it began on or the `<svg>`: `move` gets every `pointermove`, `release` the `pointerup` or
 * `pointercancel`. Returns the function that stops listening, for an effect's cleanup.
 */
export function followWindowDrag(
  move: (event: PointerEvent) => void,
  release: () => void,
): () => void {
  window.addEventListener('pointermove', move)
  window.addEventListener('pointerup', release)
  window.addEventListener('pointercancel', release)
  return () => {
    window.removeEventListener('pointermove', move)
    window.removeEventListener('pointerup', release)
    window.removeEventListener('pointercancel', release)
  }
}
