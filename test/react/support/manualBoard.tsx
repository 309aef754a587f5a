import { cleanup } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, vi } from 'vitest'
import type { PhysicsWorldProps } from '../../../src/react/PhysicsWorld.js'
import type { WorldApi } from '../../../src/react/useWorld.js'
import { ManualWorld } from './components.js'
import { installFakeLayout } from './fakeLayout.js'
import { createManualFrames, type ManualFrames } from './manualFrames.js'

/**
 * What `setupManualBoard` gives a test file. Read `frames` and `api` through this object at
 * the moment they are needed (each test gets new ones); `Board` may be destructured.
 */
export interface ManualBoard {
  /** The current test's hand-run frames, created fresh before each test. */
  readonly frames: ManualFrames
  /** The world API of the `Board` rendered last in the current test. */
  readonly api: WorldApi
  /**
   * A `ManualWorld` (800 x 600) run by `frames` that hands its world API to `api`. Takes
   * any `<PhysicsWorld>` prop, each overriding the defaults, and the board's content.
   */
  readonly Board: (props: PhysicsWorldProps) => ReactNode
}

/**
 * Sets a test file up for `<PhysicsWorld>` tests in happy-dom with frames run by hand. Call it
 * once at the top level of the file: it registers a `beforeEach` that installs the fake layout
 * and creates new frames, and an `afterEach` that unmounts what was rendered and restores
 * every mock. `defaults` are `<PhysicsWorld>` props given to every `Board`.
 */
export function setupManualBoard(defaults: PhysicsWorldProps = {}): ManualBoard {
  let frames: ManualFrames | undefined
  let api: WorldApi | undefined

  beforeEach(() => {
    installFakeLayout()
    frames = createManualFrames()
    api = undefined
  })

  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
  })

  function currentFrames(): ManualFrames {
    if (!frames) throw new Error('setupManualBoard: frames exist only while a test runs')
    return frames
  }

  function Board(props: PhysicsWorldProps) {
    return (
      <ManualWorld
        frames={currentFrames()}
        onApi={(value) => (api = value)}
        {...defaults}
        {...props}
      />
    )
  }

  return {
    get frames() {
      return currentFrames()
    },
    get api() {
      if (!api) throw new Error('setupManualBoard: no Board has been rendered in this test')
      return api
    },
    Board,
  }
}
