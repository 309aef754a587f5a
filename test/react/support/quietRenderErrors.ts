import { onTestFinished, vi } from 'vitest'

/**
 * Silences what React logs about an error that a test expects a render to throw, until the
 * test ends: React 18 logs it with the component stack (`console.error`), and its
 * development build reports it once more as uncaught (an `error` event on the window,
 * which the browser prints unless a listener prevents it). The test still sees the error.
 */
export function quietRenderErrors(): void {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const quiet = (event: ErrorEvent) => event.preventDefault()
  window.addEventListener('error', quiet)
  onTestFinished(() => window.removeEventListener('error', quiet))
}
