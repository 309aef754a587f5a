import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import * as widgets from 'react-aabb/widgets'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
/** The README's section on `react-aabb/widgets`, up to the next section. */
const section = /## Teaching widgets[\s\S]*?(?=\n## )/.exec(readme)?.[0] ?? ''

/** The widget components the entry exports (functions named in PascalCase). */
const components = Object.entries(widgets)
  .filter(([name, value]) => typeof value === 'function' && /^[A-Z]/.test(name))
  .map(([name]) => name)

/** The members of `export interface <name>Props { ... }` in `src/widgets/<name>.tsx`. */
function propsOf(name: string): string[] {
  const source = readFileSync(path.join(root, `src/widgets/${name}.tsx`), 'utf8')
  const body = new RegExp(`export interface ${name}Props \\{([\\s\\S]*?)\\n\\}`).exec(source)?.[1]
  return body ? [...body.matchAll(/^ {2}(\w+)\??:/gm)].map((match) => match[1] as string) : []
}

/**
 * Runs a `tsx` example as a reader would paste it: compiled by TypeScript to CommonJS, its
 * `react-aabb/widgets` import bound to the real entry. Returns what it exports.
 */
function runExample(code: string): Record<string, unknown> {
  const { outputText } = ts.transpileModule(code, {
    compilerOptions: {
      jsx: ts.JsxEmit.ReactJSX,
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
    },
  })
  const nodeRequire = createRequire(import.meta.url)
  const load = (id: string): unknown =>
    id === 'react-aabb/widgets' ? widgets : (nodeRequire(id) as unknown)
  const exports: Record<string, unknown> = {}
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs our own README's example
  const run = new Function('require', 'exports', outputText) as (
    require: typeof load,
    exports: Record<string, unknown>,
  ) => void
  run(load, exports)
  return exports
}

describe("the README's section on react-aabb/widgets", () => {
  it('lists every widget with exactly the props it takes', () => {
    expect(components.length).toBeGreaterThan(5)
    for (const name of components) {
      const row = section.split('\n').find((line) => line.startsWith(`| \`${name}\``))
      expect(row, name).toBeDefined()
      const listed = [...row!.split('|')[3]!.matchAll(/`(\w+)`/g)].map((match) => match[1])
      expect(listed.sort(), name).toEqual(propsOf(name).sort())
    }
  })

  it("lists every custom property of the widgets' palette", () => {
    const properties = Object.values(widgets.palette).map(
      (value) => /^var\((--aabb-widget-[\w-]+),/.exec(value)?.[1],
    )
    const listed = [...section.matchAll(/^\| `(--aabb-widget-[\w-]+)`/gm)].map((match) => match[1])
    expect(listed).toEqual(properties)
  })

  it('has examples that run: each renders its widget (on the server, as a page would)', () => {
    const examples = [...section.matchAll(/```tsx\n([\s\S]*?)```/g)].map((match) => match[1]!)
    expect(examples.length).toBeGreaterThanOrEqual(2)
    for (const example of examples) {
      const exported = Object.values(runExample(example)) as ComponentType[]
      expect(exported).toHaveLength(1)
      const Example = exported[0]!
      const html = renderToString(<Example />)
      expect(html).toMatch(/<svg/)
    }
  })
})
