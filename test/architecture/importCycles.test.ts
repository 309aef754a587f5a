import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  importGraph,
  moduleSpecifiers,
  root,
  sourceFiles,
  src,
  type ImportGraph,
} from './sourceImports.js'

/**
 * The import cycles of `graph`, each as the files along it, first file repeated at the end:
 * one cycle per strongly connected component (Tarjan's algorithm), found by a walk that
 * stays inside the component, so every cycle the graph has shows up in one reported
 * component.
 */
export function importCycles(graph: ImportGraph): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const components: string[][] = []
  const connect = (file: string): void => {
    index.set(file, counter)
    low.set(file, counter)
    counter++
    stack.push(file)
    onStack.add(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next)
        low.set(file, Math.min(low.get(file)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== file)
    const selfImport = graph.get(file)?.includes(file) ?? false
    if (component.length > 1 || selfImport) components.push(component)
  }
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file)
  return components.map((component) => cycleWithin(graph, new Set(component)))
}

/** A cycle through the first file (in sorted order) of a strongly connected component. */
function cycleWithin(graph: ImportGraph, component: Set<string>): string[] {
  const start = [...component].sort()[0]!
  const previous = new Map<string, string>()
  const queue = [start]
  // Breadth-first from `start` inside the component, back to `start`: a shortest cycle.
  while (queue.length > 0) {
    const file = queue.shift()!
    for (const next of graph.get(file) ?? []) {
      if (!component.has(next)) continue
      if (next === start) {
        const cycle = [start]
        for (let at = file; at !== start; at = previous.get(at)!) cycle.splice(1, 0, at)
        return [...cycle, start]
      }
      if (previous.has(next)) continue
      previous.set(next, file)
      queue.push(next)
    }
  }
  throw new Error('cycleWithin: the component has no cycle through its first file')
}

/** Parsing every file of src takes seconds on a loaded machine: more than Vitest's default 5 s. */
const wholeSource = { timeout: 60_000 }

describe('imports in src', () => {
  it('form no cycle (type-only imports included)', wholeSource, () => {
    const cycles = importCycles(importGraph(sourceFiles(src))).map((cycle) =>
      cycle.map((file) => path.relative(root, file)).join(' -> '),
    )
    expect(cycles).toEqual([])
  })

  it('are read with their type-only imports, re-exports and import() calls', () => {
    const text = [
      "import type { A } from './a.js'",
      "import { type B } from './b.js'",
      "export * from './c.js'",
      "export type { D } from './d.js'",
      "const e = () => import('./e.js')",
      "let f: import('./f.js').F",
    ].join('\n')
    expect(moduleSpecifiers('x.ts', text)).toEqual([
      './a.js',
      './b.js',
      './c.js',
      './d.js',
      './e.js',
      './f.js',
    ])
  })

  it('leave out type-only imports and re-exports when asked for what a bundle loads', () => {
    const text = [
      "import type { A } from './a.js'",
      "import { b, type B } from './b.js'",
      "export type { C } from './c.js'",
      "export { d } from './d.js'",
      "let e: import('./e.js').E",
      "const f = () => import('./f.js')",
    ].join('\n')
    expect(moduleSpecifiers('x.ts', text, false, false)).toEqual(['./b.js', './d.js'])
  })

  it('leave out import() calls when asked for the static ones only', () => {
    const text = "import { a } from './a.js'\nconst b = () => import('./b.js')"
    expect(moduleSpecifiers('x.ts', text, false)).toEqual(['./a.js'])
  })

  it('name each cycle by its files, and only cycles', () => {
    const graph: ImportGraph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
      ['e', ['e']],
      ['f', ['a']],
    ])
    expect(importCycles(graph)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'e'],
    ])
    expect(
      importCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([])
  })
})

/**
 * The files of src a board app (PhysicsWorld + useAABBBody) reaches through static imports,
 * relative to the root; with `types` false, through those a bundle keeps (not type-only).
 */
function reachedByBoardApp(types = true): string[] {
  const graph = importGraph(sourceFiles(src), false, types)
  const reached = new Set<string>()
  const visit = (file: string): void => {
    if (reached.has(file)) return
    reached.add(file)
    for (const next of graph.get(file) ?? []) visit(next)
  }
  visit(path.join(src, 'react/PhysicsWorld.tsx'))
  visit(path.join(src, 'react/useAABBBody.ts'))
  return [...reached].map((file) => path.relative(root, file))
}

describe('a board app (PhysicsWorld + useAABBBody)', () => {
  it(
    'reaches none of the debug overlay through static imports: it loads when `debug` is set',
    wholeSource,
    () => {
      expect(reachedByBoardApp().filter((file) => /debug/i.test(file))).toEqual([])
    },
  )

  it(
    'reaches the transfer between boards and the auto-scroller only through import(): they load on use',
    wholeSource,
    () => {
      const onUse = [
        'src/board/boardTransfer.ts',
        'src/dom/externalDrag.ts',
        'src/dom/autoScroll.ts',
      ]
      expect(reachedByBoardApp(false).filter((file) => onUse.includes(file))).toEqual([])
    },
  )
})
