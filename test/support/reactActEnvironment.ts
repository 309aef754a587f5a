/**
 * Setup file of the `unit` Vitest project: declares the environment an `act` environment,
 * as React asks of a test environment that calls `act` (react.dev/reference/react/act:
 * "set global.IS_REACT_ACT_ENVIRONMENT to true"). The unit tests drive frames and pointer
 * events inside `act` themselves (test/react/support); without it, a state update inside
 * such an `act` logs "The current testing environment is not configured to support
 * act(...)". Testing Library sets it only around its own calls (it declares it globally
 * only where the test runner has global `beforeAll`, which this configuration does not).
 */
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined
}

globalThis.IS_REACT_ACT_ENVIRONMENT = true

// A module, so that `declare global` augments the global scope.
export {}
