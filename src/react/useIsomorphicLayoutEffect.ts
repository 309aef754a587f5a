import { useEffect, useLayoutEffect } from 'react'

/**
 * `useLayoutEffect` in a browser, `useEffect` where there is no DOM (a server render).
 *
 * The hooks measure and write elements before the browser paints, so they need a layout
 * effect there. On a server neither kind of effect runs, but React 18's server renderer
 * logs "useLayoutEffect does nothing on the server" for every `useLayoutEffect` call;
 * `useEffect` renders the same markup without that noise. Chosen once, when the module
 * loads, so a component always calls the same hook.
 */
export const useIsomorphicLayoutEffect =
  typeof window !== 'undefined' && typeof document !== 'undefined' ? useLayoutEffect : useEffect
