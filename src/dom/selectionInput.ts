/** What {@link attachSelectionInput} calls. */
export interface SelectionInputHandlers {
  /** Shift-, Ctrl- or Cmd-click, or Space: add the card to the selection, or take it out. */
  toggle(): void
  /** A plain click: the card alone is selected. */
  selectOnly(): void
  /**
   * Where a click is the page's, not a selection (a button, an input, a link inside the
   * card): a CSS selector, read at each click, as the card's `dragCancel`. `''`: nowhere.
   */
  readonly ignore: string
}

/**
 * Selects a card by clicks and Space, as Figma and React Flow do: a plain click selects the
 * card alone, Shift-, Ctrl- or Cmd-click toggles it, Space on the focused card toggles it.
 * A click the pointer drag swallowed (the release of a drag) is not one; nor is a click
 * inside a `handlers.ignore` match (a button in the card keeps its own click). Returns the
 * function that detaches it.
 */
export function attachSelectionInput(
  element: HTMLElement | SVGElement,
  handlers: SelectionInputHandlers,
): () => void {
  function onClick(event: Event): void {
    const click = event as MouseEvent
    // The pointer drag's click trap prevents the click that ends a drag.
    if (click.defaultPrevented || click.button !== 0) return
    const ignore = handlers.ignore
    const target = click.target as Element
    if (ignore !== '') {
      for (let node: Element | null = target; node && node !== element; node = node.parentElement) {
        if (node.matches(ignore)) return
      }
    }
    if (click.shiftKey || click.ctrlKey || click.metaKey) handlers.toggle()
    else handlers.selectOnly()
  }
  function onKeyDown(event: Event): void {
    const key = event as KeyboardEvent
    if (key.key !== ' ' || key.target !== element || key.altKey || key.ctrlKey || key.metaKey) {
      return
    }
    key.preventDefault()
    handlers.toggle()
  }
  element.addEventListener('click', onClick)
  element.addEventListener('keydown', onKeyDown)
  return () => {
    element.removeEventListener('click', onClick)
    element.removeEventListener('keydown', onKeyDown)
  }
}

/**
 * Clears a world's selection with Escape pressed while focus is inside `container` (a
 * drag in progress takes Escape first: it cancels the drag). Returns the function that
 * stops listening.
 */
export function attachSelectionKeys(container: Element, clear: () => void): () => void {
  const onKeyDown = (event: Event) => {
    const key = event as KeyboardEvent
    if (key.key !== 'Escape' || key.defaultPrevented) return
    clear()
  }
  container.addEventListener('keydown', onKeyDown)
  return () => container.removeEventListener('keydown', onKeyDown)
}
