import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'))

const manifest = readJson('package.json') as {
  exports: Record<string, string | Record<string, string>>
}
describe('package.json exports', () => {
  // Node's require() of an ES module (20.19+, 22.12+) matches only `require` or `default`:
  // an import-only subpath throws ERR_PACKAGE_PATH_NOT_EXPORTED there.
  it.each(Object.entries(manifest.exports).filter(([subpath]) => !subpath.endsWith('.json')))(
    'subpath %s has a default condition, the same file as import',
    (_subpath, conditions) => {
      expect(typeof conditions).toBe('object')
      const { import: imported, default: fallback } = conditions as Record<string, string>
      expect(fallback).toBeDefined()
      expect(fallback).toBe(imported)
    },
  )
})
