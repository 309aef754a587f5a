import type * as ReactModule from 'react'

/**
 * `react` with a `useLayoutEffect` that logs as React 18's server renderer does ("does
 * nothing on the server") and then runs React's own. React 19 stays silent about layout
 * effects on a server; a test that mocks `react` with this fails under either major when
 * code reaches a layout effect during `renderToString`:
 *
 * ```ts
 * vi.mock('react', async (importOriginal) =>
 *   (await import('../support/serverLayoutEffect.js')).withServerLayoutEffectWarning(
 *     await importOriginal(),
 *   ),
 * )
 * ```
 */
export function withServerLayoutEffectWarning(react: typeof ReactModule): typeof ReactModule {
  return {
    ...react,
    useLayoutEffect(...args: Parameters<typeof react.useLayoutEffect>) {
      console.error('Warning: useLayoutEffect does nothing on the server')
      react.useLayoutEffect(...args)
    },
  }
}
