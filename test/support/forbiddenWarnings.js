// The warnings `npm test` (test/support/runTests.js) counts as failures when a check prints them.
/**
 * Warnings this project's own setup must not print, each with what it means. A check whose
 * output has one fails, even when its command exits 0: the README promises a quiet run.
 * The patterns are the tools' own sentences, not words a test's name would use.
 */
const FORBIDDEN_WARNINGS = [
  // React, when a state update in a test happens outside act(): the test may assert on a
  // state React has not rendered yet.
  { pattern: /not wrapped in act\(/, what: "React's act(...) warning" },
  { pattern: /not configured to support act\(/, what: "React's act(...) environment warning" },
  // Vite / Rolldown, when a chunk passes build.chunkSizeWarningLimit.
  { pattern: /Some chunks are larger than \d+ ?kB/, what: "Vite's chunk-size warning" },
  // npm (11 writes `npm warn`, older versions `npm WARN`), EBADENGINE among them.
  { pattern: /^npm warn /im, what: 'an npm warning' },
  { pattern: /\bEBADENGINE +Unsupported engine/, what: "npm's EBADENGINE warning" },
]

/**
 * The forbidden warnings in `output` (colours already stripped): for each kind found, what
 * it is, the 1-based line of its first occurrence and that line's text.
 * @param {string} output
 * @returns {{ what: string, line: number, text: string }[]}
 */
export function forbiddenWarnings(output) {
  const lines = output.split('\n')
  return FORBIDDEN_WARNINGS.flatMap(({ pattern, what }) => {
    const match = pattern.exec(output)
    if (!match) return []
    const line = output.slice(0, match.index).split('\n').length
    return [{ what, line, text: lines[line - 1] ?? '' }]
  })
}
