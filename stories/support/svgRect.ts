// Shared with the use-case stories; the one definition lives with the widgets.
export { readRect, writeRect } from '../../src/widgets/svgRect.js'
