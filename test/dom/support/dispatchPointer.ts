/**
 * Dispatches a cancelable, bubbling primary-button pointer event (pointer 1) of `type` at
 * client `(clientX, clientY)` on `target`: how the happy-dom tests of `src/dom` press, drag
 * and release without React.
 */
export function dispatchPointer(
  target: EventTarget,
  type: string,
  clientX: number,
  clientY: number,
): void {
  target.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      cancelable: true,
      pointerId: 1,
      isPrimary: true,
      button: 0,
      clientX,
      clientY,
    }),
  )
}
