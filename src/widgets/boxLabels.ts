import { describeValue } from '../core/geometry/validate.js'

/**
 * The names a widget gives its two boxes wherever it names them in words (drawing, captions,
 * equations, legend, announcements): a blog can call them "player" and "wall". The defaults
 * are the article's, "A" and "B" where it uses letters.
 */
export interface BoxLabels {
  /** The name of the first box (the article's A). */
  a: string
  /** The name of the second box (the article's B). */
  b: string
}

/** The articles' names. */
export const ARTICLE_BOX_LABELS: BoxLabels = { a: 'A', b: 'B' }

/** Throws a TypeError naming the widget and the field unless both labels are non-empty strings. */
export function assertBoxLabels(subject: string, labels: unknown): BoxLabels {
  if (labels === null || typeof labels !== 'object') {
    throw new TypeError(
      `${subject} labels must be an object { a, b } (got ${describeValue(labels)})`,
    )
  }
  for (const key of ['a', 'b'] as const) {
    const label = (labels as Record<string, unknown>)[key]
    if (typeof label !== 'string' || label.trim() === '') {
      throw new TypeError(
        `${subject} labels.${key} must be a non-empty string (got ${describeValue(label)})`,
      )
    }
  }
  return labels as BoxLabels
}
