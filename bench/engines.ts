/**
 * One adapter per engine: builds a scene, steps it by 1/60 s, reads box positions back as
 * top-left corners. Every peer is configured like this library: no rotation, no friction,
 * no restitution, the same gravity and velocities.
 */
import RAPIER from '@dimforge/rapier2d-compat'
import * as check2d from 'detect-collisions'
import Matter from 'matter-js'
import * as planck from 'planck'
import { createWorld } from '../src/core/world/index.js'
import type { Scene } from './scene.js'
import { addScene } from './sceneWorld.js'

export type { EngineName } from './engineNames.js'

export interface BenchEngine {
  step(): void
  read(xs: Float64Array, ys: Float64Array): void
}

import type { EngineName } from './engineNames.js'

const DT = 1 / 60
/** Rapier and planck (Box2D) are tuned for metres: 30 px per metre keeps boxes 0.3-1.3 m. */
const PX_PER_M = 30

/** This library; with `events`, contactStart and contactEnd listeners count every event. */
function reactAabb(scene: Scene, events: boolean): BenchEngine {
  const world = createWorld({ gravity: { x: 0, y: scene.gravity } })
  if (events) {
    let count = 0
    world.on('contactStart', () => void count++)
    world.on('contactEnd', () => void count++)
  }
  const ids = addScene(world, scene)
  return {
    step: () => void world.step(DT),
    read(xs, ys) {
      // Through the public API, like a renderer would (drainMoved gives only moved bodies).
      world.drainMoved(() => {})
      ids.forEach((id, i) => {
        const body = world.get(id)
        xs[i] = body.x
        ys[i] = body.y
      })
    },
  }
}

/** Rapier, like planck, is tuned for metres (its tolerances): 30 px per metre. */
async function rapier(scene: Scene): Promise<BenchEngine> {
  await RAPIER.init()
  const world = new RAPIER.World({ x: 0, y: scene.gravity / PX_PER_M })
  world.timestep = DT
  for (const wall of scene.walls) {
    const body = world.createRigidBody(
      RAPIER.RigidBodyDesc.fixed().setTranslation(
        (wall.x + wall.width / 2) / PX_PER_M,
        (wall.y + wall.height / 2) / PX_PER_M,
      ),
    )
    world.createCollider(
      RAPIER.ColliderDesc.cuboid(wall.width / 2 / PX_PER_M, wall.height / 2 / PX_PER_M).setFriction(
        0,
      ),
      body,
    )
  }
  const bodies = scene.boxes.map((box) => {
    const body = world.createRigidBody(
      RAPIER.RigidBodyDesc.dynamic()
        .setTranslation((box.x + box.width / 2) / PX_PER_M, (box.y + box.height / 2) / PX_PER_M)
        .setLinvel(box.vx / PX_PER_M, box.vy / PX_PER_M)
        .lockRotations(),
    )
    world.createCollider(
      RAPIER.ColliderDesc.cuboid(box.width / 2 / PX_PER_M, box.height / 2 / PX_PER_M)
        .setFriction(0)
        .setRestitution(0),
      body,
    )
    return body
  })
  return {
    step: () => world.step(),
    read(xs, ys) {
      bodies.forEach((body, i) => {
        const p = body.translation()
        const box = scene.boxes[i]!
        xs[i] = p.x * PX_PER_M - box.width / 2
        ys[i] = p.y * PX_PER_M - box.height / 2
      })
    },
  }
}

function matter(scene: Scene): BenchEngine {
  const engine = Matter.Engine.create()
  // Matter's gravity is y * scale px/ms^2: 0.98 * 0.001 = 980 px/s^2.
  engine.gravity.y = scene.gravity / 1000
  engine.gravity.scale = 0.001
  const walls = scene.walls.map((wall) =>
    Matter.Bodies.rectangle(
      wall.x + wall.width / 2,
      wall.y + wall.height / 2,
      wall.width,
      wall.height,
      {
        isStatic: true,
        friction: 0,
      },
    ),
  )
  const bodies = scene.boxes.map((box) => {
    const body = Matter.Bodies.rectangle(
      box.x + box.width / 2,
      box.y + box.height / 2,
      box.width,
      box.height,
      {
        friction: 0,
        frictionAir: 0,
        frictionStatic: 0,
        restitution: 0,
        inertia: Infinity,
      },
    )
    // Matter's velocity is px per step of 1000/60 ms.
    Matter.Body.setVelocity(body, { x: box.vx * DT, y: box.vy * DT })
    return body
  })
  Matter.Composite.add(engine.world, [...walls, ...bodies])
  return {
    step: () => Matter.Engine.update(engine, 1000 * DT),
    read(xs, ys) {
      bodies.forEach((body, i) => {
        const box = scene.boxes[i]!
        xs[i] = body.position.x - box.width / 2
        ys[i] = body.position.y - box.height / 2
      })
    },
  }
}

function planckEngine(scene: Scene): BenchEngine {
  const world = new planck.World({ gravity: planck.Vec2(0, scene.gravity / PX_PER_M) })
  for (const wall of scene.walls) {
    const body = world.createBody({
      type: 'static',
      position: planck.Vec2(
        (wall.x + wall.width / 2) / PX_PER_M,
        (wall.y + wall.height / 2) / PX_PER_M,
      ),
    })
    body.createFixture(planck.Box(wall.width / 2 / PX_PER_M, wall.height / 2 / PX_PER_M), {
      friction: 0,
    })
  }
  const bodies = scene.boxes.map((box) => {
    const body = world.createBody({
      type: 'dynamic',
      fixedRotation: true,
      position: planck.Vec2(
        (box.x + box.width / 2) / PX_PER_M,
        (box.y + box.height / 2) / PX_PER_M,
      ),
      linearVelocity: planck.Vec2(box.vx / PX_PER_M, box.vy / PX_PER_M),
    })
    body.createFixture(planck.Box(box.width / 2 / PX_PER_M, box.height / 2 / PX_PER_M), {
      density: 1,
      friction: 0,
      restitution: 0,
    })
    return body
  })
  return {
    step: () => world.step(DT, 8, 3),
    read(xs, ys) {
      bodies.forEach((body, i) => {
        const p = body.getPosition()
        const box = scene.boxes[i]!
        xs[i] = p.x * PX_PER_M - box.width / 2
        ys[i] = p.y * PX_PER_M - box.height / 2
      })
    },
  }
}

/** detect-collisions only detects: integration is ours, separation is its `separate()`. */
function detectCollisions(scene: Scene): BenchEngine {
  const system = new check2d.System()
  for (const wall of scene.walls)
    system.createBox({ x: wall.x, y: wall.y }, wall.width, wall.height, { isStatic: true })
  const bodies = scene.boxes.map((box) =>
    system.createBox({ x: box.x, y: box.y }, box.width, box.height),
  )
  const vx = Float64Array.from(scene.boxes, (box) => box.vx)
  const vy = Float64Array.from(scene.boxes, (box) => box.vy)
  return {
    step() {
      bodies.forEach((body, i) => {
        vy[i] = vy[i]! + scene.gravity * DT
        body.setPosition(body.pos.x + (vx[i] as number) * DT, body.pos.y + vy[i] * DT, false)
      })
      system.update()
      system.separate()
    },
    read(xs, ys) {
      bodies.forEach((body, i) => {
        xs[i] = body.pos.x
        ys[i] = body.pos.y
      })
    },
  }
}

export async function createEngine(name: EngineName, scene: Scene): Promise<BenchEngine> {
  switch (name) {
    case 'react-aabb':
      return reactAabb(scene, false)
    case 'react-aabb+events':
      return reactAabb(scene, true)
    case 'rapier':
      return rapier(scene)
    case 'matter-js':
      return matter(scene)
    case 'planck':
      return planckEngine(scene)
    default:
      return detectCollisions(scene)
  }
}
