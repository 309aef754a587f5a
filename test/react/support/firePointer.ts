import { act } from 'react'

/**
 * Dispatches a primary-button pointer event (pointer 1, or `pointerId`: a second finger or
 * pen) of `type` at client `(clientX, clientY)` on `element`, inside `act`: how the
 * happy-dom tests press, drag and release.
 */
export function firePointer(
  element: Element,
  type: string,
  clientX: number,
  clientY = 10,
  pointerId = 1,
): void {
  act(() => {
    element.dispatchEvent(
      new PointerEvent(type, {
        bubbles: true,
        pointerId,
        isPrimary: true,
        button: 0,
        clientX,
        clientY,
      }),
    )
  })
}
