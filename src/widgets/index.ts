// react-aabb/widgets: the articles' interactive figures as components for MDX or any React
// page. They import the framework-free core only, never the board or the React physics layer.
export { Article001Table } from './Article001Table.js'
export type { BoxLabels } from './boxLabels.js'
export { DiscreteCollisionDemo, type DiscreteCollisionDemoProps } from './DiscreteCollisionDemo.js'
export { IntegratorComparison, type IntegratorComparisonProps } from './IntegratorComparison.js'
export { MinkowskiExplorer, type MinkowskiExplorerProps } from './MinkowskiExplorer.js'
export { OverlapTestDemo, type OverlapTestDemoProps } from './OverlapTestDemo.js'
export { palette, widgetLightTheme } from './palette.js'
export {
  RelativeMotionDemo,
  type Observer,
  type RelativeMotionDemoProps,
} from './RelativeMotionDemo.js'
export { SweptPlatformerDemo, type SweptPlatformerDemoProps } from './SweptPlatformerDemo.js'
export { TunnelingDemo, type TunnelingDemoProps } from './TunnelingDemo.js'
