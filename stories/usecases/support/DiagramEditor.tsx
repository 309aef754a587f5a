import { useRef } from 'react'
import { PhysicsWorld, useAABBBody, useAfterStep, type Rect, type World } from 'react-aabb'

/** A node of the diagram: a labelled box, in the svg's user units. */
export interface DiagramNode extends Rect {
  id: string
  label: string
}

/** A connection drawn from the centre of `from` to the centre of `to`. */
export interface DiagramEdge {
  from: string
  to: string
}

/** Props of {@link DiagramEditor}. */
export interface DiagramEditorProps {
  nodes: readonly DiagramNode[]
  edges: readonly DiagramEdge[]
  /** The svg's user space: `0 0 width height`. @default 640 */
  width?: number
  /** @default 360 */
  height?: number
  /** Draw the world's boxes over the diagram. @default false */
  debug?: boolean
}

/** The width of a node's outline, in user units. */
const outlineWidth = 2

/** A draggable node; the hook makes the `<g>` focusable and a button, named by `aria-label`. */
function DiagramNodeBox({ node }: { node: DiagramNode }) {
  const { ref } = useAABBBody<SVGGElement>({ id: node.id, draggable: true, label: node.label })
  return (
    <g ref={ref} aria-label={node.label} style={{ cursor: 'grab' }}>
      {/* The node's box (what the world measures and the tests read), then its outline inset
          by half the stroke: a stroke centred on the box's edge would be cut in half by the
          svg's viewport when the node rests against the board's edge. */}
      <rect x={node.x} y={node.y} width={node.width} height={node.height} rx={6} fill="#ffffff" />
      <rect
        x={node.x + outlineWidth / 2}
        y={node.y + outlineWidth / 2}
        width={node.width - outlineWidth}
        height={node.height - outlineWidth}
        rx={6 - outlineWidth / 2}
        fill="none"
        stroke="#508cff"
        strokeWidth={outlineWidth}
      />
      <text
        x={node.x + node.width / 2}
        y={node.y + node.height / 2}
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily="system-ui, sans-serif"
        fontSize={14}
        fill="#1d2230"
        style={{ userSelect: 'none' }}
      >
        {node.label}
      </text>
    </g>
  )
}

/** The centre of a box. */
function centreOf({ x, y, width, height }: Rect): { x: number; y: number } {
  return { x: x + width / 2, y: y + height / 2 }
}

function writeLine(line: SVGLineElement, from: Rect, to: Rect): void {
  const a = centreOf(from)
  const b = centreOf(to)
  line.setAttribute('x1', String(a.x))
  line.setAttribute('y1', String(a.y))
  line.setAttribute('x2', String(b.x))
  line.setAttribute('y2', String(b.y))
}

/**
 * The edges, drawn under the nodes. Their ends follow the nodes after every frame through
 * `useAfterStep`, written straight into the `<line>`s: no React render while nodes move.
 */
function DiagramEdges({
  nodes,
  edges,
}: {
  nodes: readonly DiagramNode[]
  edges: readonly DiagramEdge[]
}) {
  const lines = useRef<Array<SVGLineElement | null>>([])
  useAfterStep((_seconds, world: World) => {
    edges.forEach((edge, index) => {
      const line = lines.current[index]
      if (line && world.has(edge.from) && world.has(edge.to)) {
        writeLine(line, world.get(edge.from), world.get(edge.to))
      }
    })
  })
  const byId = new Map(nodes.map((node) => [node.id, node]))
  const nodeOf = (id: string, index: number) => {
    const node = byId.get(id)
    if (!node) throw new RangeError(`DiagramEditor: edges[${index}] names an unknown node "${id}"`)
    return node
  }
  return (
    <g stroke="#8a8fa3" strokeWidth={2} data-testid="edges">
      {edges.map((edge, index) => {
        const from = centreOf(nodeOf(edge.from, index))
        const to = centreOf(nodeOf(edge.to, index))
        return (
          <line
            key={`${edge.from}-${edge.to}`}
            ref={(line) => {
              lines.current[index] = line
            }}
            data-edge={`${edge.from}-${edge.to}`}
            x1={from.x}
            y1={from.y}
            x2={to.x}
            y2={to.y}
          />
        )
      })}
    </g>
  )
}

/**
 * A node editor's diagram in an `<svg>` world (`<PhysicsWorld as="svg">`): the world's
 * units are the svg's user units, nodes are `<g>` groups moved with their `transform`
 * attribute, and dragging one pushes the others so that no two nodes ever overlap.
 */
export function DiagramEditor({
  nodes,
  edges,
  width = 640,
  height = 360,
  debug = false,
}: DiagramEditorProps) {
  return (
    <PhysicsWorld
      as="svg"
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      bounds="container"
      debug={debug}
      // A group, not an image: an image's content is presentational, and the nodes are controls.
      role="group"
      aria-label="Diagram"
      style={{ background: '#f4f6fb', border: '1px solid #c9cfdd', borderRadius: 10 }}
    >
      <DiagramEdges nodes={nodes} edges={edges} />
      {nodes.map((node) => (
        <DiagramNodeBox key={node.id} node={node} />
      ))}
    </PhysicsWorld>
  )
}
