// Shared with the use-case stories; the one definition lives with the widgets.
export { palette } from '../../src/widgets/palette.js'
