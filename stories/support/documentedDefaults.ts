import type { ArgTypes } from '@storybook/react-vite'

/** What Storybook's react-docgen plugin attaches to a component: its props' TSDoc, as text. */
interface DocumentedComponent {
  __docgenInfo?: { props?: Record<string, { description?: string } | undefined> }
}

/** `@default` and its text, up to the next tag or the end of the comment. */
const DEFAULT_TAG = /(?:^|\s)@default\s+([\s\S]*?)(?=\n@|$)/

/**
 * `argTypes` plus, for every prop whose TSDoc has an `@default`, that default in the
 * autodocs table's Default column and the description without it. react-docgen leaves
 * `@default` in the description text (inline) or drops it (on a line of its own), and the
 * column stays empty; the TSDoc in `src` stays the one place the defaults are written.
 * Props without docgen info (a build without it) are left as they are.
 */
export function withDocumentedDefaults<A extends Partial<ArgTypes>>(
  component: unknown,
  argTypes: A,
): A {
  const props = (component as DocumentedComponent | null)?.__docgenInfo?.props ?? {}
  const merged: Partial<ArgTypes> = { ...argTypes }
  for (const [name, prop] of Object.entries(props)) {
    const description = prop?.description ?? ''
    const match = DEFAULT_TAG.exec(description)
    if (!match) continue
    const own = argTypes[name] ?? {}
    const rest = description.slice(match.index + match[0].length).trim()
    merged[name] = {
      description: [description.slice(0, match.index).trim(), rest].filter(Boolean).join('\n'),
      ...own,
      table: {
        ...own.table,
        defaultValue: { summary: match[1]!.replace(/`/g, '').replace(/\s+/g, ' ').trim() },
      },
    }
  }
  return merged as A
}
