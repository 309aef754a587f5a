// Shared with the use-case stories; the one definition lives with the widgets.
export { formatNumber } from '../../src/widgets/formatNumber.js'
