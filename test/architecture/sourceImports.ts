// Reading src's imports for the architecture tests: which files import which (TypeScript's
// own parser, so type-only imports, re-exports and import() calls all count).
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const src = path.join(root, 'src')

/** Every `.ts` and `.tsx` file under `directory`, as absolute paths. */
export function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/**
 * Every module specifier `text` names: imports and re-exports, unless `types` is false
 * type-only ones (`import type`, `export type`) and `import('x').T` types, and unless `lazy`
 * is false `import('x')` calls. Without both, what a bundle loads with the file.
 */
export function moduleSpecifiers(
  fileName: string,
  text: string,
  lazy = true,
  types = true,
): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false)
  const specifiers: string[] = []
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly = ts.isImportDeclaration(node)
        ? (node.importClause?.isTypeOnly ?? false)
        : node.isTypeOnly
      if (types || !typeOnly) specifiers.push(node.moduleSpecifier.text)
    } else if (
      lazy &&
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text)
    } else if (
      types &&
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specifiers.push(node.argument.literal.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return specifiers
}

/** The file a relative specifier of `from` names (`./x.js` is `x.ts`, `x.tsx` or `x/index.ts`). */
export function resolveRelative(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''))
  const candidates = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]
  const found = candidates.find((candidate) => existsSync(candidate))
  if (!found) throw new Error(`${path.relative(root, from)} imports ${specifier}: no such file`)
  return found
}

/** Each file's imports of other files in the list (package imports left out). */
export type ImportGraph = Map<string, string[]>

/** The {@link ImportGraph} of `files`, read as {@link moduleSpecifiers} reads with `lazy` and `types`. */
export function importGraph(files: string[], lazy = true, types = true): ImportGraph {
  return new Map(
    files.map((file) => [
      file,
      moduleSpecifiers(file, readFileSync(file, 'utf8'), lazy, types)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolveRelative(file, specifier)),
    ]),
  )
}
