/**
 * Calls `tick` once per animation frame until the returned `stop` is called or `tick`
 * returns `false`. The demos advance their simulation by a fixed step per tick (never by
 * the measured frame time), so a run is the same on every machine: only the number of
 * frames matters, which keeps the play functions deterministic.
 */
export function startAnimationLoop(tick: () => boolean | void): () => void {
  let frame = requestAnimationFrame(function run() {
    if (tick() === false) return
    frame = requestAnimationFrame(run)
  })
  return () => cancelAnimationFrame(frame)
}
