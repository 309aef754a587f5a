/** The SVG namespace: an element created without it is an unknown HTML element and draws nothing. */
export const svgNamespace = 'http://www.w3.org/2000/svg'

/**
 * Creates the SVG element `name` in `parent`'s document, sets `attributes` on it (numbers
 * as their decimal strings) and appends it to `parent`. Returns the element, typed by name.
 */
export function appendSvgElement<Name extends keyof SVGElementTagNameMap>(
  parent: Element,
  name: Name,
  attributes: Readonly<Record<string, string | number>> = {},
): SVGElementTagNameMap[Name] {
  const element = parent.ownerDocument.createElementNS(svgNamespace, name)
  for (const [attribute, value] of Object.entries(attributes)) {
    element.setAttribute(attribute, String(value))
  }
  parent.appendChild(element)
  return element
}
