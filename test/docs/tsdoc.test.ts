import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/** The package's entries (package.json `exports`), as source. */
const entries = ['src/index.ts', 'src/core/index.ts', 'src/widgets/index.ts', 'src/debug.ts'].map(
  (entry) => path.join(root, entry),
)

/**
 * Every exported name of every entry, and every public member of an exported interface or
 * class, that has no documentation comment, as `entry: Name` or `entry: Name.member`.
 */
function undocumented(): string[] {
  const program = ts.createProgram(entries, {
    noEmit: true,
    skipLibCheck: true,
    jsx: ts.JsxEmit.ReactJSX,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
  })
  const checker = program.getTypeChecker()
  const hasDoc = (symbol: ts.Symbol | undefined) =>
    symbol !== undefined &&
    ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() !== ''
  const missing: string[] = []
  for (const entry of entries) {
    const source = program.getSourceFile(entry)
    const module = source && checker.getSymbolAtLocation(source)
    if (!module) throw new Error(`tsdoc.test: cannot read the exports of ${entry}`)
    const where = path.relative(root, entry)
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      if (!hasDoc(symbol)) missing.push(`${where}: ${exported.name}`)
      for (const declaration of symbol.declarations ?? []) {
        if (!ts.isInterfaceDeclaration(declaration) && !ts.isClassDeclaration(declaration)) continue
        for (const member of declaration.members) {
          if (!member.name || ts.isConstructorDeclaration(member)) continue
          const flags = ts.getCombinedModifierFlags(member)
          if (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) continue
          if (ts.isPrivateIdentifier(member.name)) continue
          if (!hasDoc(checker.getSymbolAtLocation(member.name))) {
            missing.push(`${where}: ${exported.name}.${member.name.getText()}`)
          }
        }
      }
    }
  }
  return missing
}

it('documents every export of every entry, and every public member of its interfaces and classes', () => {
  expect(undocumented()).toEqual([])
  // A TypeScript program of all four entries takes seconds to build: more than Vitest's 5 s
  // default when the machine is shared.
}, 60_000)
