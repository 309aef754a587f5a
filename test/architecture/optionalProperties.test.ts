import { readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { root, sourceFiles, src } from './sourceImports.js'

/**
 * The optional properties declared in `text` whose type does not admit `undefined`, as
 * `file:line name`. Under `exactOptionalPropertyTypes` (which users may turn on, as this
 * repository does) such a property refuses `{ layout: maybeLayout }` where `maybeLayout`
 * may be undefined, though the library treats undefined as absent everywhere: each optional
 * property is declared `name?: T | undefined`, so both spellings work for every user.
 */
export function optionalPropertiesWithoutUndefined(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const admitsUndefined = (type: ts.TypeNode): boolean =>
    type.kind === ts.SyntaxKind.UndefinedKeyword ||
    (ts.isUnionTypeNode(type) && type.types.some(admitsUndefined))
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertySignature(node) &&
      node.questionToken &&
      node.type &&
      !admitsUndefined(node.type)
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
      found.push(`${path.relative(root, fileName)}:${line + 1} ${node.name.getText(source)}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('optional properties', () => {
  it('admit undefined everywhere in src', { timeout: 60_000 }, () => {
    const found = sourceFiles(src).flatMap((file) =>
      optionalPropertiesWithoutUndefined(file, readFileSync(file, 'utf8')),
    )
    expect(found).toEqual([])
  })

  it('names one that does not, and passes unions and functions that do', () => {
    const text = [
      'interface A {',
      '  a?: number',
      '  b?: number | undefined',
      '  c?: (() => void) | undefined',
      '  d?: () => void',
      '  e: number',
      '}',
    ].join('\n')
    expect(optionalPropertiesWithoutUndefined(path.join(src, 'x.ts'), text)).toEqual([
      'src/x.ts:2 a',
      'src/x.ts:5 d',
    ])
  })
})
