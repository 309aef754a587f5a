import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const CORE = join(import.meta.dirname, '../../src/core')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

/** Whether an initialiser makes a value no one can change: `Object.freeze(...)` or `... as const`. */
function isFrozen(init: ts.Expression): boolean {
  if (ts.isAsExpression(init)) {
    return ts.isTypeReferenceNode(init.type) && init.type.typeName.getText() === 'const'
  }
  return ts.isCallExpression(init) && init.expression.getText() === 'Object.freeze'
}

/**
 * Whether an initialiser may make a mutable object: `new`, a call (a factory such as
 * `createSweepHit()`, `Float64Array.from(...)`), an object or array literal.
 */
function makesMutableValue(init: ts.Expression): boolean {
  let expression = init
  while (ts.isParenthesizedExpression(expression) || ts.isSatisfiesExpression(expression)) {
    expression = expression.expression
  }
  if (isFrozen(expression)) return false
  return (
    ts.isNewExpression(expression) ||
    ts.isCallExpression(expression) ||
    ts.isObjectLiteralExpression(expression) ||
    ts.isArrayLiteralExpression(expression)
  )
}

/**
 * Top-level bindings that hold state: every `let` or `var`, and every `const` bound to a
 * mutable value. Functions, classes, numbers, strings and frozen tables are fine.
 */
function moduleState(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true)
  const found: string[] = []
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue
    const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer
      if (!isConst || (init !== undefined && makesMutableValue(init))) {
        found.push(`${relative(CORE, path)}: ${declaration.name.getText()}`)
      }
    }
  }
  return found
}

describe('src/core keeps no module-level state', () => {
  const found = sourceFiles(CORE).flatMap(moduleState)

  it('has no module variable and no mutable module object', () => {
    expect(found).toEqual([])
  })

  it('recognises the shapes of module state it rejects', () => {
    const sample = join(CORE, 'step/tolerances.ts')
    const bindings = (code: string): string[] => {
      const source = ts.createSourceFile(sample, code, ts.ScriptTarget.ES2022, true)
      return source.statements.flatMap((statement) =>
        ts.isVariableStatement(statement) &&
        statement.declarationList.declarations.some(
          (d) =>
            (statement.declarationList.flags & ts.NodeFlags.Const) === 0 ||
            (d.initializer !== undefined && makesMutableValue(d.initializer)),
        )
          ? [statement.getText()]
          : [],
      )
    }
    expect(
      bindings(
        [
          'let count = 0',
          'const scratch = { x: 0, y: 0 }',
          'const list = [1, 2]',
          'const buffer = new Float64Array(2)',
          'const hit = createSweepHit()',
          'const table = Float64Array.from([1])',
          'const LIMIT = 4',
          'const NAMES = Object.freeze([1])',
          "const KINDS = ['a', 'b'] as const",
          'const alias = LIMIT',
        ].join('\n'),
      ),
    ).toEqual([
      'let count = 0',
      'const scratch = { x: 0, y: 0 }',
      'const list = [1, 2]',
      'const buffer = new Float64Array(2)',
      'const hit = createSweepHit()',
      'const table = Float64Array.from([1])',
    ])
  })
})
