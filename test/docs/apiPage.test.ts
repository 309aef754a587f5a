import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/** Every name `src/index.ts` exports, types included, as the compiler sees them. */
function exportedNames(): string[] {
  const entry = path.join(root, 'src/index.ts')
  const program = ts.createProgram([entry], { noEmit: true, skipLibCheck: true })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(entry)
  const module = source && checker.getSymbolAtLocation(source)
  if (!module) throw new Error(`apiPage.test: cannot read the exports of ${entry}`)
  return checker.getExportsOfModule(module).map((symbol) => symbol.getName())
}

it('Docs/API names everything react-aabb exports, as it says it does', () => {
  const page = readFileSync(path.join(root, 'stories/docs/Api.mdx'), 'utf8')
  const named = new Set([...page.matchAll(/`(\w+)/g)].map((match) => match[1]))
  const names = exportedNames()
  expect(names).toContain('createWorld')
  expect(names.filter((name) => !named.has(name))).toEqual([])
  // Building a TypeScript program of the whole entry takes seconds on its own: more than
  // Vitest's 5 s default when the machine is shared.
}, 60_000)
