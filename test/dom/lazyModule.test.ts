import { describe, expect, it, vi } from 'vitest'
import { lazyModule } from '../../src/dom/lazyModule.js'

/** An import whose first call fails (a chunk that did not load) and whose second gives `module`. */
function failingOnceThen(module: { feature: number }) {
  return vi
    .fn<() => Promise<{ feature: number }>>()
    .mockRejectedValueOnce(new Error('chunk failed'))
    .mockResolvedValueOnce(module)
}

describe('lazyModule', () => {
  it('loads nothing until asked, then once: every call shares the load, current is the module', async () => {
    const module = { feature: 1 }
    const importModule = vi.fn(() => Promise.resolve(module))
    const lazy = lazyModule(importModule)
    expect(importModule).not.toHaveBeenCalled()
    expect(lazy.current).toBeNull()
    lazy.preload()
    const loading = lazy.load()
    expect(lazy.current).toBeNull()
    await expect(loading).resolves.toBe(module)
    expect(lazy.current).toBe(module)
    await expect(lazy.load()).resolves.toBe(module)
    expect(importModule).toHaveBeenCalledTimes(1)
  })

  it('after a failed load, current stays null and the next call loads again', async () => {
    const module = { feature: 1 }
    const importModule = failingOnceThen(module)
    const lazy = lazyModule(importModule)
    await expect(lazy.load()).rejects.toThrow('chunk failed')
    expect(lazy.current).toBeNull()
    await expect(lazy.load()).resolves.toBe(module)
    expect(lazy.current).toBe(module)
    expect(importModule).toHaveBeenCalledTimes(2)
  })

  it('preload swallows a failed load (the feature stays off) and a later preload retries', async () => {
    const module = { feature: 1 }
    const importModule = failingOnceThen(module)
    const lazy = lazyModule(importModule)
    lazy.preload()
    // The load preload started, shared: it failed, and no rejection went unhandled (Vitest fails on one).
    await expect(lazy.load()).rejects.toThrow('chunk failed')
    expect(lazy.current).toBeNull()
    lazy.preload()
    await expect(lazy.load()).resolves.toBe(module)
    expect(importModule).toHaveBeenCalledTimes(2)
  })
})
