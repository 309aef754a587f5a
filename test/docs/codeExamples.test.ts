import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import * as core from 'react-aabb/core'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/** The README and the Storybook docs pages, relative to the repository's root (pages without a `ts` block have nothing to run). */
const documents = [
  'README.md',
  ...readdirSync(path.join(root, 'stories/docs'))
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => `stories/docs/${name}`),
]

/** A document's `ts` code blocks (the kernel and world examples, which need no DOM). */
function blocksOf(document: string): string[] {
  const text = readFileSync(path.join(root, document), 'utf8')
  return [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] as string)
}

/**
 * A line `expression // result: explanation` (or a comment line under the expression) whose
 * result is a JavaScript literal, with `...` standing for fields the example leaves out.
 * `line` is the index of the expression's line in the block.
 */
interface Claim {
  expression: string
  line: number
  expected: unknown
  partial: boolean
}

function claimsOf(block: string): Claim[] {
  const claims: Claim[] = []
  let previous = { code: '', line: 0 }
  for (const [index, text] of block.split('\n').entries()) {
    // `expression // result`, or a line `// result` under the expression it is about.
    const match = /^(\S.*?)?\s*\/\/ (.*)$/.exec(text)
    const code = match ? match[1] : text.trim()
    if (code) previous = { code, line: index }
    if (!match) continue
    const { code: expression, line } = match[1] ? { code: match[1], line: index } : previous
    const comment = match[2] as string
    // The literal is the comment up to its explanation (": ..." after the closing brace or value).
    const literal = /^(\{.*\}|true|false|null|-?[\d.]+)/.exec(comment)?.[1]
    if (literal === undefined) continue
    const partial = literal.includes('...')
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a literal from our own docs
      const read = new Function(`return (${literal.replace(/,\s*\.\.\./g, '')})`) as () => unknown
      const expected = read()
      claims.push({ expression, line, expected, partial })
    } catch {
      // A shape written with shorthand names (`{ x, y, ... }`) describes, it does not claim.
    }
  }
  return claims
}

/**
 * Runs a block's first `lines` lines with its `react-aabb/core` import bound to the real
 * module, then evaluates `expression`: its value at that point of the example, so a call
 * that changes the world (`world.move`) runs once, as a reader would run it.
 */
function evaluate(block: string, lines: number, expression: string): unknown {
  const body = block
    .split('\n')
    .slice(0, lines)
    .join('\n')
    .replace(
      /import \{([^}]*)\} from 'react-aabb\/core'/,
      (_, names: string) => `const {${names}} = core`,
    )
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs our own docs' example
  const run = new Function('core', `${body}\nreturn (${expression})`) as (
    module: typeof core,
  ) => unknown
  return run(core)
}

for (const document of documents.filter((name) => blocksOf(name).length > 0)) {
  describe(`${document}: its ts examples run and show what they claim`, () => {
    for (const [index, block] of blocksOf(document).entries()) {
      it(`block ${index + 1} runs without throwing`, () => {
        expect(() => evaluate(block, Infinity, 'undefined')).not.toThrow()
      })

      for (const { expression, line, expected, partial } of claimsOf(block)) {
        it(`block ${index + 1}: ${expression} gives what its comment says`, () => {
          const actual = evaluate(block, line, expression)
          if (partial) expect(actual).toMatchObject(expected as object)
          else expect(actual).toEqual(expected)
        })
      }
    }
  })
}

describe('the checked claims', () => {
  const expressionsOf = (document: string) =>
    blocksOf(document).flatMap((block) => claimsOf(block).map((claim) => claim.expression))

  it('include the README kernel and world example (overlaps, penetration vector, sweep)', () => {
    expect(blocksOf('README.md').some((block) => block.includes('createWorld'))).toBe(true)
    expect(expressionsOf('README.md')).toEqual(
      expect.arrayContaining([
        'overlaps(card, wall)',
        'penetrationVector(card, wall)',
        expect.stringContaining('sweep('),
      ]),
    )
  })

  it("include Getting started's world example (a pushing move)", () => {
    expect(expressionsOf('stories/docs/GettingStarted.mdx')).toEqual(
      expect.arrayContaining([expect.stringContaining('world.move('), "world.get('note').x"]),
    )
  })
})
