import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { moduleSpecifiers, resolveRelative, root, sourceFiles, src } from './sourceImports.js'

const widgets = path.join(src, 'widgets')
const core = path.join(src, 'core')
/**
 * The React layer's modules a widget may import: each imports React alone, so a page that
 * embeds a widget bundles nothing more. `useIsomorphicLayoutEffect` keeps React 18's server
 * renderer quiet, which the widgets need as much as the hooks (MDX pages render on servers).
 */
const sharedReactModules = [path.join(src, 'react', 'useIsomorphicLayoutEffect.ts')]
/** The packages a widget may import: React itself (the JSX runtime included), nothing else. */
const allowedPackages = /^react($|\/jsx-runtime$|\/jsx-dev-runtime$)/

/**
 * The imports of `file` (a widget module) that leave what `react-aabb/widgets` may depend
 * on: the widgets themselves, the framework-free core and React. Anything else (the board,
 * the React physics layer, zustand, react-dom) would be bundled into every page that embeds
 * a widget, which is what the separate entry is for (issue 27).
 */
export function importsOutsideWidgetsAndCore(file: string, specifiers: string[]): string[] {
  return specifiers.filter((specifier) => {
    if (!specifier.startsWith('.')) return !allowedPackages.test(specifier)
    const target = resolveRelative(file, specifier)
    if (sharedReactModules.includes(target)) return false
    return ![widgets, core].some((allowed) => target.startsWith(allowed + path.sep))
  })
}

describe('react-aabb/widgets', () => {
  it(
    'imports only its own files, src/core, react and the React-only shared modules',
    { timeout: 60_000 },
    () => {
      const outside = sourceFiles(widgets).flatMap((file) =>
        importsOutsideWidgetsAndCore(file, moduleSpecifiers(file, readFileSync(file, 'utf8'))).map(
          (specifier) => `${path.relative(root, file)} imports ${specifier}`,
        ),
      )
      expect(outside).toEqual([])
    },
  )

  it('names an import of the React layer, of react-dom or of zustand', () => {
    const file = path.join(widgets, 'TunnelingDemo.tsx')
    expect(
      importsOutsideWidgetsAndCore(file, [
        '../core/index.js',
        './palette.js',
        'react',
        'react/jsx-runtime',
        '../react/PhysicsWorld.js',
        '../react/useIsomorphicLayoutEffect.js',
        'react-dom',
        'zustand',
      ]),
    ).toEqual(['../react/PhysicsWorld.js', 'react-dom', 'zustand'])
  })
})
