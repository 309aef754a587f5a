import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const core = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/core')

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return entry.name.endsWith('.ts') ? [full] : []
  })
}

/** Every module specifier in `import ... from '...'` and `export ... from '...'`. */
function specifiers(source: string): string[] {
  return [...source.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]/gm)].map(
    (match) => match[1]!,
  )
}

describe('react-aabb/core imports', () => {
  const files = sourceFiles(core)

  it('finds the geometry kernel', () => {
    expect(files.map((file) => path.relative(core, file))).toContain(
      path.join('geometry', 'sweep.ts'),
    )
  })

  it.each(files.map((file) => [path.relative(core, file), file]))(
    '%s imports only relative core files ending in .js',
    (_name, file) => {
      for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
        expect(specifier).toMatch(/^\.\.?\//)
        expect(specifier).toMatch(/\.js$/)
        const target = path.resolve(path.dirname(file), specifier)
        expect(target.startsWith(core + path.sep)).toBe(true)
      }
    },
  )
})
