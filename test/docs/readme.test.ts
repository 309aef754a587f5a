import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as core from 'react-aabb/core'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const readme = readFileSync(path.join(root, 'README.md'), 'utf8')

/** The README's `ts` code blocks (the kernel and world examples, which need no DOM). */
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string)

/**
 * A line `expression // result: explanation` (or a comment line under the expression) whose
 * result is a JavaScript literal, with `...` standing for fields the example leaves out.
 */
interface Claim {
  expression: string
  expected: unknown
  partial: boolean
}

function claimsOf(block: string): Claim[] {
  const claims: Claim[] = []
  let previous = ''
  for (const line of block.split('\n')) {
    // `expression // result`, or a line `// result` under the expression it is about.
    const match = /^(\S.*?)?\s*\/\/ (.*)$/.exec(line)
    const code = match ? match[1] : line.trim()
    if (code) previous = code
    if (!match) continue
    const expression = match[1] ?? previous
    const comment = match[2] as string
    // The literal is the comment up to its explanation (": ..." after the closing brace or value).
    const literal = /^(\{.*\}|true|false|null|-?[\d.]+)/.exec(comment)?.[1]
    if (literal === undefined) continue
    const partial = literal.includes('...')
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a literal from our own README
      const read = new Function(`return (${literal.replace(/,\s*\.\.\./g, '')})`) as () => unknown
      const expected = read()
      claims.push({ expression, expected, partial })
    } catch {
      // A shape written with shorthand names (`{ x, y, ... }`) describes, it does not claim.
    }
  }
  return claims
}

/** Runs a block with its `react-aabb/core` import bound to the real module, then evaluates `expression`. */
function evaluate(block: string, expression: string): unknown {
  const body = block.replace(
    /import \{([^}]*)\} from 'react-aabb\/core'/,
    (_, names: string) => `const {${names}} = core`,
  )
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs our own README example
  const run = new Function('core', `${body}\nreturn (${expression})`) as (
    module: typeof core,
  ) => unknown
  return run(core)
}

describe('README examples run and show what they claim', () => {
  it('has the kernel and world example', () => {
    expect(blocks.length).toBeGreaterThan(0)
    expect(blocks.some((block) => block.includes('createWorld'))).toBe(true)
  })

  for (const [index, block] of blocks.entries()) {
    it(`block ${index + 1} runs without throwing`, () => {
      expect(() => evaluate(block, 'undefined')).not.toThrow()
    })

    for (const { expression, expected, partial } of claimsOf(block)) {
      it(`block ${index + 1}: ${expression} gives what its comment says`, () => {
        const actual = evaluate(block, expression)
        if (partial) expect(actual).toMatchObject(expected as object)
        else expect(actual).toEqual(expected)
      })
    }
  }

  it('checks the claims the README makes (overlaps, penetration vector, sweep)', () => {
    const expressions = blocks.flatMap((block) => claimsOf(block).map((claim) => claim.expression))
    expect(expressions).toEqual(
      expect.arrayContaining([
        'overlaps(card, wall)',
        'penetrationVector(card, wall)',
        expect.stringContaining('sweep('),
      ]),
    )
  })
})
