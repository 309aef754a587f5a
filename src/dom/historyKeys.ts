/** What {@link attachHistoryKeys} calls. */
export interface HistoryKeyHandlers {
  undo(): void
  redo(): void
}

/**
 * Elements whose own undo the browser keeps (text being edited): a history key pressed in
 * one of them is theirs, not the world's.
 */
const EDITABLE = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])'

/**
 * Which history command a key press asks for: Ctrl+Z (Cmd+Z on macOS) undoes,
 * Shift+Ctrl+Z (Cmd+Shift+Z) redoes; anything else (Alt held too, another key) is null.
 */
function historyCommandOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null
  if (event.key.toLowerCase() !== 'z') return null
  return event.shiftKey ? 'redo' : 'undo'
}

/**
 * Listens on `container` for the history keys ({@link historyCommandOf}) pressed while
 * focus is inside it, outside any text field there (whose own undo they stay); returns the
 * function that stops listening. A handled press's default is prevented.
 */
export function attachHistoryKeys(container: Element, handlers: HistoryKeyHandlers): () => void {
  const onKeyDown = (event: Event) => {
    const key = event as KeyboardEvent
    const command = historyCommandOf(key)
    if (command === null || key.defaultPrevented) return
    const target = key.target
    if (target instanceof Element && target.closest(EDITABLE) !== null) return
    key.preventDefault()
    handlers[command]()
  }
  container.addEventListener('keydown', onKeyDown)
  return () => container.removeEventListener('keydown', onKeyDown)
}
