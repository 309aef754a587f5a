/**
 * A small reader of the npm version ranges that `engines.node` fields use (`^20.19.0 ||
 * >=22.12.0`, `18 || 20 || >=22`, `>=16 || 14 >=14.17`, `^6 || ^7`), enough to decide
 * whether one range contains another over release versions (prereleases are not compared).
 * Grammar and meaning as in node-semver's README ("Ranges", "X-Ranges", "Caret Ranges",
 * "Tilde Ranges"): `||` joins comparator sets, a set is the conjunction of its comparators.
 */

/** A release version as `[major, minor, patch]`. */
export type Version = readonly [number, number, number]

/** One comparator, e.g. `>=` 20.19.0. */
interface Comparator {
  readonly operator: '<' | '<=' | '>' | '>=' | '='
  readonly version: Version
}

/** A parsed range: it contains a version when every comparator of one set holds. */
export type VersionRange = readonly (readonly Comparator[])[]

/** Negative, zero or positive as `a` is below, equal to or above `b`. */
export function compareVersions(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
}

/**
 * The comparators one range term stands for: `^1.2`, `~1.2.3`, `>=1.2`, `1.x`, `20`, `*`.
 * Missing parts of a partial version are wildcards.
 */
function termComparators(term: string, range: string): Comparator[] {
  const match = /^(\^|~|>=|<=|>|<|=)?v?(\d+|[xX*])?(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?$/.exec(term)
  if (!match) throw new Error(`engines range "${range}": cannot read "${term}"`)
  const [, operator = '', ...rawParts] = match
  const parts = rawParts
    .map((part) => (part === undefined || /^[xX*]$/.test(part) ? undefined : Number(part)))
    .slice(0, 3)
  const given = parts.findIndex((part) => part === undefined)
  const known = given === -1 ? 3 : given
  const [major = 0, minor = 0, patch = 0] = parts
  const low: Version = [major, minor, patch]
  if (known === 0)
    return operator === '<' || operator === '>' ? [{ operator: '<', version: [0, 0, 0] }] : []
  /** The first version above every version the partial one stands for (`1.2` -> 1.3.0). */
  const pastPartial: Version = known === 1 ? [major + 1, 0, 0] : [major, minor + 1, 0]
  switch (operator) {
    case '^': {
      // The first non-zero part of the given version may not change.
      const high: Version =
        major > 0 || known === 1
          ? [major + 1, 0, 0]
          : minor > 0 || known === 2
            ? [0, minor + 1, 0]
            : [0, 0, patch + 1]
      return [
        { operator: '>=', version: low },
        { operator: '<', version: high },
      ]
    }
    case '~':
      return [
        { operator: '>=', version: low },
        { operator: '<', version: known === 1 ? [major + 1, 0, 0] : [major, minor + 1, 0] },
      ]
    case '>=':
    case '<':
      return [{ operator, version: low }]
    case '>':
      return [{ operator: known === 3 ? '>' : '>=', version: known === 3 ? low : pastPartial }]
    case '<=':
      return [{ operator: known === 3 ? '<=' : '<', version: known === 3 ? low : pastPartial }]
    default:
      return known === 3
        ? [{ operator: '=', version: low }]
        : [
            { operator: '>=', version: low },
            { operator: '<', version: pastPartial },
          ]
  }
}

/**
 * Reads a range such as `^20.19.0 || ^22.13.0 || >=24`. Throws naming the range and the part
 * it cannot read (hyphen ranges and prerelease tags are not supported).
 */
export function parseVersionRange(range: string): VersionRange {
  return range.split('||').map((set) => {
    // `>= 18` is `>=18`: an operator binds to the version after it.
    const terms = set
      .trim()
      .replace(/([<>=^~])\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)
    return terms.flatMap((term) => termComparators(term, range))
  })
}

function holds({ operator, version }: Comparator, candidate: Version): boolean {
  const order = compareVersions(candidate, version)
  switch (operator) {
    case '<':
      return order < 0
    case '<=':
      return order <= 0
    case '>':
      return order > 0
    case '>=':
      return order >= 0
    default:
      return order === 0
  }
}

/** Whether `range` contains the release `version`. */
export function rangeContains(range: VersionRange, version: Version): boolean {
  return range.some((set) => set.every((comparator) => holds(comparator, version)))
}

/**
 * The release versions of `inner` that `outer` lacks, one per stretch of versions where
 * membership does not change (empty when `outer` contains all of `inner`). Both ranges are
 * unions of intervals whose ends are the versions their comparators name, so membership is
 * constant between two consecutive ends: testing each end `v` and the release just after it
 * (`v` with patch + 1, inside the next stretch or its end) decides every stretch.
 */
export function versionsMissing(inner: VersionRange, outer: VersionRange): Version[] {
  const ends = [...inner, ...outer].flat().map((comparator) => comparator.version)
  const candidates: Version[] = [
    [0, 0, 0],
    ...ends.flatMap((v): Version[] => [v, [v[0], v[1], v[2] + 1]]),
  ]
  return candidates
    .filter((v) => rangeContains(inner, v) && !rangeContains(outer, v))
    .sort(compareVersions)
}
