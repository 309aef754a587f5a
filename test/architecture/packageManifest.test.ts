import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  parseVersionRange,
  rangeContains,
  versionsMissing,
  type Version,
} from '../support/nodeVersionRange.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'))

const manifest = readJson('package.json') as {
  engines: { node: string }
  exports: Record<string, string | Record<string, string>>
  typesVersions: Record<string, Record<string, string[]>>
}
const lockfile = readJson('package-lock.json') as {
  packages: Record<string, { engines?: { node?: string } | string[] }>
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

  // TypeScript's `moduleResolution: node` (node10) reads no `exports`: it finds a subpath's
  // types through `typesVersions`, which must name the same file as `exports`' types.
  it.each(
    Object.entries(manifest.exports).filter(
      ([subpath]) => subpath !== '.' && !subpath.endsWith('.json'),
    ),
  )('subpath %s has the same types under typesVersions', (subpath, conditions) => {
    const { types } = conditions as Record<string, string>
    expect(manifest.typesVersions['*']?.[subpath.slice(2)]).toEqual([types])
  })
})

describe('engines.node', () => {
  it('reads the ranges npm writes', () => {
    const at = (range: string, version: Version) => rangeContains(parseVersionRange(range), version)
    expect(at('^20.19.0 || >=22.12.0', [22, 12, 0])).toBe(true)
    expect(at('^20.19.0 || ^22.13.0 || >=24', [22, 12, 9])).toBe(false)
    expect(at('^20.19.0 || ^22.13.0 || >=24', [23, 9, 0])).toBe(false)
    expect(at('>= 18', [18, 0, 0])).toBe(true)
    expect(at('18 || 20 || >=22', [21, 7, 0])).toBe(false)
    expect(at('>=16 || 14 >=14.17', [14, 16, 9])).toBe(false)
    expect(at('>=16 || 14 >=14.17', [14, 17, 0])).toBe(true)
    expect(at('^6 || ^7', [7, 99, 0])).toBe(true)
    expect(at('^0.10.2', [0, 11, 0])).toBe(false)
    expect(at('~14.16', [14, 17, 0])).toBe(false)
    expect(
      versionsMissing(
        parseVersionRange('^20.19.0 || >=22.12.0'),
        parseVersionRange('^20.19.0 || ^22.13.0 || >=24'),
      ),
    ).toContainEqual([22, 12, 0])
  })

  // `npm ci` prints EBADENGINE for every locked package whose engines.node leaves out the
  // running Node: the range we declare must lie inside each of them (their intersection).
  it('lies inside the engines.node of every package in package-lock.json', () => {
    const declared = parseVersionRange(manifest.engines.node)
    const conflicts = Object.entries(lockfile.packages).flatMap(([location, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node
      if (!location || !range) return []
      const missing = versionsMissing(declared, parseVersionRange(range))
      return missing.length ? [`${location} (${range}) lacks ${missing[0]!.join('.')}`] : []
    })
    expect(conflicts).toEqual([])
  })
})
