import { useRef, type CSSProperties } from 'react'
import {
  PhysicsWorld,
  useAABBBody,
  useAfterStep,
  useWorld,
  type BodyId,
  type World,
} from 'react-aabb'
import { formatNumber } from '../../support/formatNumber.js'
import { palette } from '../../support/palette.js'

/** Props of {@link CollisionTrack}. */
export interface CollisionTrackProps {
  /** The projectile's speed to the right when fired, CSS pixels per second. */
  speed: number
  /** The projectile's mass as a multiple of one row box's mass (article 002's share of a push). */
  projectileMass: number
  /** Bounce factor of every box (`response: 'bounce'`, article 004), in [0, 1]. */
  restitution: number
  /** Draw the library's debug overlay: boxes, swept rays and time-of-impact dots (article 003). */
  debug: boolean
}

/** The projectile's body id. */
export const projectileId = 'projectile'

/** The row's body ids, left to right as laid out. */
export const rowIds: readonly BodyId[] = ['box-1', 'box-2', 'box-3', 'box-4', 'box-5']

/** The scene in world coordinates (the track's padding box). */
const track = { width: 720, height: 140, toolbarHeight: 40 }
const boxSize = 40
const boxTop = track.toolbarHeight + (track.height - track.toolbarHeight - boxSize) / 2
/** The row touches end to end, centred on the track: a Newton's cradle. */
const rowLeft = (track.width - rowIds.length * boxSize) / 2
const projectileLeft = 20

/** Where every box starts; firing puts them all back first. */
const startLefts = new Map<BodyId, number>([
  [projectileId, projectileLeft],
  ...rowIds.map((id, index): [BodyId, number] => [id, rowLeft + index * boxSize]),
])

/** Accessible names; the boxes show (and the readout prints) the short ones. */
const names = new Map<BodyId, string>([
  [projectileId, 'Projectile'],
  ...rowIds.map((id, index): [BodyId, string] => [id, `Box ${index + 1}`]),
])
const shortNames = new Map<BodyId, string>([
  [projectileId, 'P'],
  ...rowIds.map((id, index): [BodyId, string] => [id, String(index + 1)]),
])

/** Seconds between two writes of the readout: a readable rate, not one per frame. */
const readoutInterval = 0.25

function TrackBox({ id, mass, restitution }: { id: BodyId; mass: number; restitution: number }) {
  const { ref } = useAABBBody<HTMLDivElement>({
    id,
    mass,
    restitution,
    response: 'bounce',
    label: names.get(id) ?? id,
  })
  const isProjectile = id === projectileId
  return (
    <div
      ref={ref}
      role="img"
      aria-label={names.get(id)}
      style={{
        position: 'absolute',
        left: startLefts.get(id),
        top: boxTop,
        width: boxSize,
        height: boxSize,
        boxSizing: 'border-box',
        display: 'grid',
        placeItems: 'center',
        font: '600 13px system-ui, sans-serif',
        color: palette.background,
        background: isProjectile ? palette.moving : palette.minkowskiStroke,
        border: '1px solid rgba(0, 0, 0, 0.35)',
        borderRadius: 4,
      }}
    >
      {shortNames.get(id)}
    </div>
  )
}

/** The boxes left to right by their short names, then each one's speed: the readout's text. */
function describe(world: World): string {
  const boxes = [projectileId, ...rowIds]
    .filter((id) => world.has(id))
    .map((id) => world.get(id))
    .sort((a, b) => a.x - b.x)
  const order = boxes.map((box) => shortNames.get(box.id)).join(' ')
  const speeds = boxes
    .map((box) => `${shortNames.get(box.id)}: ${formatNumber(box.velocity.x)}`)
    .join(' · ')
  return `Order  ${order}\nSpeed  ${speeds} px/s`
}

const buttonStyle: CSSProperties = {
  font: '13px system-ui, sans-serif',
  padding: '4px 12px',
  borderRadius: 6,
  border: '1px solid #8a8fa3',
  background: '#ffffff',
  cursor: 'pointer',
}

/**
 * The Fire button and the readout, inside the world so they can use its hooks. Firing
 * puts every box back where it started and gives the projectile its speed through the
 * world itself (`useAABBBody` takes no velocity), then wakes the frame loop. The readout
 * is written straight into its element a few times a second and once more when the world
 * comes to rest, so no React component renders per frame.
 */
function TrackControls({ speed }: { speed: number }) {
  const api = useWorld()
  const readout = useRef<HTMLOutputElement>(null)
  const sinceWrite = useRef(readoutInterval)

  useAfterStep((seconds, world) => {
    sinceWrite.current += seconds
    if (sinceWrite.current < readoutInterval && !world.isIdle()) return
    sinceWrite.current = 0
    const text = describe(world)
    if (readout.current && readout.current.textContent !== text) readout.current.textContent = text
  })

  const fire = () => {
    for (const [id, x] of startLefts) {
      api.world.update(id, { x, y: boxTop, velocity: { x: 0, y: 0 } })
    }
    api.world.update(projectileId, { velocity: { x: speed, y: 0 } })
    api.wake()
  }

  return (
    <div
      style={{
        display: 'flex',
        gap: 12,
        alignItems: 'center',
        height: track.toolbarHeight,
        padding: '0 10px',
        // Over the debug overlay (its broadphase cells span the whole world), on the track's
        // background: the outlines stop at the toolbar instead of running through the text.
        position: 'relative',
        zIndex: 1,
        background: palette.background,
      }}
    >
      <button type="button" style={buttonStyle} onClick={fire}>
        Fire
      </button>
      <output
        ref={readout}
        aria-label="Collision readout"
        style={{
          font: '11px/1.35 ui-monospace, monospace',
          color: palette.mutedText,
          whiteSpace: 'pre',
        }}
      >
        Press Fire to launch the projectile.
      </output>
    </div>
  )
}

/**
 * A projectile fired along a frictionless track into a row of five touching boxes, for
 * seeing speculative contacts between dynamic bodies: the pair's relative motion is swept
 * against their Minkowski difference (articles 002, 003), and a bouncing pair exchanges
 * its impulse by mass at the time of impact (article 004).
 */
export function CollisionTrack({ speed, projectileMass, restitution, debug }: CollisionTrackProps) {
  return (
    <PhysicsWorld
      gravity={{ x: 0, y: 0 }}
      bounds="container"
      debug={debug}
      role="region"
      aria-label="Track"
      style={{
        position: 'relative',
        width: track.width,
        height: track.height,
        background: palette.background,
        borderRadius: 10,
        overflow: 'hidden',
      }}
    >
      <TrackControls speed={speed} />
      <TrackBox id={projectileId} mass={projectileMass} restitution={restitution} />
      {rowIds.map((id) => (
        <TrackBox key={id} id={id} mass={1} restitution={restitution} />
      ))}
    </PhysicsWorld>
  )
}
