// Shared with the use-case stories; the one definition lives with the widgets.
export { useStateFromProp } from '../../src/widgets/useStateFromProp.js'
