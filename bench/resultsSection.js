// Writes one "## " section of bench/RESULTS.md, shared by the scripts that each own a section
// (`npm run bench:browser`, `npm run size`; `npm run bench` owns the part before them).
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const resultsFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md')

/**
 * Replaces the section that starts with the line `title` (up to the next "## " heading) with
 * `section`, or appends `section` when the file has none.
 * @param {string} title the section's heading line, e.g. `## Bundle size`
 * @param {string} section the whole section, heading included
 */
export function writeResultsSection(title, section) {
  const results = readFileSync(resultsFile, 'utf8')
  const start = results.indexOf(`\n${title}\n`)
  const next = start < 0 ? -1 : results.indexOf('\n## ', start + 1)
  const updated =
    start < 0
      ? `${results.trimEnd()}\n\n${section}`
      : `${results.slice(0, start)}\n${section}${next < 0 ? '' : results.slice(next)}`
  writeFileSync(resultsFile, updated)
}
