import { useState, type MouseEvent } from 'react'
import { PhysicsWorld, useAABBBody, useWorldState, type IntegratorName } from 'react-aabb'

/** Props of {@link PhysicsPlayground}. */
export interface PhysicsPlaygroundProps {
  /** Downward gravity, CSS pixels per second squared. @default 900 */
  gravity?: number
  /** Bounce factor of every box against the walls and each other (article 004), in [0, 1]. @default 0.4 */
  restitution?: number
  /** How positions are integrated (article 004). @default 'euler' */
  integrator?: IntegratorName
  /** @default 560 */
  width?: number
  /** @default 340 */
  height?: number
  /** Boxes on the board when it opens; changing it starts a fresh board with that many. */
  initialBoxes: number
}

interface BoxSpec {
  id: string
  x: number
  y: number
  size: number
  colour: string
}

/** Sizes and colours cycle, so every run of the story adds the same boxes. */
const sizes = [44, 60, 32, 52, 38, 68]
const colours = ['#508cff', '#f0a33c', '#3ccf6e', '#c792ff', '#e05d5d', '#2bb3c0']

function boxAt(index: number, centreX: number, centreY: number): BoxSpec {
  const size = sizes[index % sizes.length]!
  return {
    id: `box-${index + 1}`,
    x: centreX - size / 2,
    y: centreY - size / 2,
    size,
    colour: colours[index % colours.length]!,
  }
}

function PlaygroundBox({ box, restitution }: { box: BoxSpec; restitution: number }) {
  const { ref } = useAABBBody<HTMLDivElement>({ id: box.id, response: 'bounce', restitution })
  return (
    <div
      ref={ref}
      style={{
        position: 'absolute',
        left: box.x,
        top: box.y,
        width: box.size,
        height: box.size,
        background: box.colour,
        borderRadius: 4,
      }}
    />
  )
}

/** Low-frequency state through `useWorldState`: renders when the count or rest changes, not per frame. */
function WorldReadout() {
  const bodyCount = useWorldState((state) => state.bodyCount)
  const idle = useWorldState((state) => state.idle)
  return (
    <output
      aria-label="World state"
      style={{
        position: 'absolute',
        right: 8,
        top: 6,
        font: '12px ui-monospace, monospace',
        color: '#a9aec0',
        pointerEvents: 'none',
      }}
    >
      {bodyCount} boxes · {idle ? 'at rest' : 'moving'}
    </output>
  )
}

/**
 * Article 004's demo: click the board to drop a box. Boxes fall under gravity, bounce off
 * the walls by the bounce factor, and are pushed out of each other by the minimum
 * translation distance; choose Euler or RK4 integration. A new `initialBoxes` starts a
 * fresh board with that many boxes; the other props apply to the boxes already there.
 */
export function PhysicsPlayground({
  gravity = 900,
  restitution = 0.4,
  integrator = 'euler',
  width = 560,
  height = 340,
  initialBoxes,
}: PhysicsPlaygroundProps) {
  const settings = { gravity, restitution, integrator, width, height, initialBoxes }
  return <PlaygroundBoard key={initialBoxes} {...settings} />
}

function PlaygroundBoard({
  gravity,
  restitution,
  integrator,
  width,
  height,
  initialBoxes,
}: Required<PhysicsPlaygroundProps>) {
  const [boxes, setBoxes] = useState<BoxSpec[]>(() =>
    Array.from({ length: initialBoxes }, (_, index) =>
      boxAt(index, ((index + 1) * width) / (initialBoxes + 1), height / 3),
    ),
  )
  // The board has no border, so its top-left corner is the origin of the world's
  // coordinates (its padding box). Reading layout in an event handler is fine: it is outside
  // the frame loop.
  const addBox = (event: MouseEvent<HTMLElement>) => {
    const board = event.currentTarget.getBoundingClientRect()
    const x = event.clientX - board.left
    const y = event.clientY - board.top
    setBoxes((previous) => [...previous, boxAt(previous.length, x, y)])
  }
  return (
    <PhysicsWorld
      gravity={{ x: 0, y: gravity }}
      integrator={integrator}
      bounds="container"
      role="region"
      aria-label="Playground"
      onClick={addBox}
      style={{
        position: 'relative',
        width,
        height,
        background: '#1d2230',
        borderRadius: 10,
        cursor: 'crosshair',
        overflow: 'hidden',
      }}
    >
      <WorldReadout />
      {boxes.map((box) => (
        <PlaygroundBox key={box.id} box={box} restitution={restitution} />
      ))}
    </PhysicsWorld>
  )
}
