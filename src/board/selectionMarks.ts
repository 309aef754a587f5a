import type { AABBBodyOptions } from './bodyOptions.js'

/** Whether a card with these options can be selected: `selectable`, by default `draggable`. */
export function isSelectable(options: Pick<AABBBodyOptions, 'selectable' | 'draggable'>): boolean {
  return options.selectable ?? options.draggable ?? false
}

/**
 * Roles that support `aria-selected` (WAI-ARIA 1.2): on any other role (a card's
 * `role="button"`) the attribute is not allowed, so only `data-selected` marks it.
 */
const ROLES_WITH_SELECTED = new Set([
  'gridcell',
  'option',
  'row',
  'tab',
  'columnheader',
  'rowheader',
  'treeitem',
])

/**
 * Marks a card's element selected (`data-selected`, and `aria-selected="true"` when its
 * role supports it) or takes the marks off. `undefined` (no element): nothing.
 */
export function markSelected(element: Element | undefined, selected: boolean): void {
  if (!element) return
  const role = element.getAttribute('role')
  const ariaSelected = role !== null && ROLES_WITH_SELECTED.has(role)
  if (selected) {
    element.setAttribute('data-selected', '')
    if (ariaSelected) element.setAttribute('aria-selected', 'true')
  } else {
    element.removeAttribute('data-selected')
    if (ariaSelected) element.setAttribute('aria-selected', 'false')
  }
}
