/** The element registered as the body `id` inside `container`; throws when there is none. */
export function bodyElement(container: ParentNode, id: string): HTMLElement {
  const element = container.querySelector<HTMLElement>(`[data-aabb-body="${id}"]`)
  if (!element) throw new Error(`no element with data-aabb-body="${id}"`)
  return element
}
