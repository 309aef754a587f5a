import { Component, type CSSProperties, type ReactNode } from 'react'
import { PhysicsWorld, type PhysicsWorldProps } from '../../../src/react/PhysicsWorld.js'
import { useAABBBody } from '../../../src/react/useAABBBody.js'
import { useWorld, type WorldApi } from '../../../src/react/useWorld.js'
import type { AABBBodyOptions } from '../../../src/board/bodyOptions.js'
import type { ManualFrames } from './manualFrames.js'

/** An absolutely positioned card registered as a body. */
export function Card({
  id,
  x = 0,
  y = 0,
  width = 50,
  height = 50,
  style,
  'aria-label': ariaLabel,
  ...options
}: AABBBodyOptions & {
  'aria-label'?: string
  id: string
  x?: number
  y?: number
  width?: number
  height?: number
  style?: CSSProperties
}) {
  const { ref } = useAABBBody<HTMLDivElement>({ id, ...options })
  return (
    <div
      ref={ref}
      className="card"
      aria-label={ariaLabel}
      style={{ position: 'absolute', left: x, top: y, width, height, ...style }}
    >
      {id}
    </div>
  )
}

/** Hands the world API of the enclosing `<PhysicsWorld>` to the test. */
export function WorldProbe({ onApi }: { onApi: (api: WorldApi) => void }) {
  onApi(useWorld())
  return null
}

/**
 * An 800 x 600 `<PhysicsWorld>` whose frames the test runs by hand, handing its world API to
 * the test through `onApi`.
 */
export function ManualWorld({
  frames,
  onApi,
  children,
  ...props
}: PhysicsWorldProps & {
  frames: ManualFrames
  onApi: (api: WorldApi) => void
  children?: ReactNode
}) {
  return (
    <PhysicsWorld
      scheduler={frames.scheduler}
      now={frames.now}
      style={{ position: 'relative', width: 800, height: 600 }}
      {...props}
    >
      <WorldProbe onApi={onApi} />
      {children}
    </PhysicsWorld>
  )
}

/** Catches an error of its children's render or effects (an error boundary) and hands it to `onError`, showing nothing instead. */
export class Caught extends Component<{ onError: (error: Error) => void; children: ReactNode }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: Error) {
    this.props.onError(error)
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}
