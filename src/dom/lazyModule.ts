/**
 * A module an app's bundler splits out of the code it loads at start: it comes through
 * `import()` once its feature becomes possible (a board joins a group, a drag is pressed),
 * before the feature's first use in practice, so the user never waits for it. The same
 * pattern as `<PhysicsWorld debug>`'s lazily loaded overlay.
 */
export interface LazyModule<Module> {
  /**
   * Starts loading the module (once: later calls share the load) and resolves to it. A load
   * that failed (the network) is started again by the next call.
   */
  load(): Promise<Module>
  /**
   * Starts loading without waiting for it: what a feature's trigger calls. A failed load
   * leaves {@link LazyModule.current} null (the feature stays off) until the next call.
   */
  preload(): void
  /** The module once loaded, else `null`: what a synchronous first use reads. */
  readonly current: Module | null
}

/**
 * Wraps `importModule` (a function returning `import('./x.js')`, so the bundler sees the
 * split point) as a {@link LazyModule}.
 *
 * @example
 * const transfer = lazyModule(() => import('./boardTransfer.js'))
 * transfer.preload() // when the board joins a group
 * transfer.current?.createBoardTransfer(element, id, engine) // at a drag's start
 */
export function lazyModule<Module>(importModule: () => Promise<Module>): LazyModule<Module> {
  let loading: Promise<Module> | null = null
  let current: Module | null = null
  const load = (): Promise<Module> =>
    (loading ??= importModule().then(
      (module) => (current = module),
      (error: unknown) => {
        loading = null
        throw error
      },
    ))
  return {
    load,
    preload() {
      load().catch(() => {})
    },
    get current() {
      return current
    },
  }
}
