import { describeValue } from '../geometry/validate.js'
import { IGNORE, RESPONSE_NAMES } from './responseCodes.js'
import type { StepContext } from '../step/context.js'

/** `StepContext.overflowing`: the body overflows and rests, its dynamic pairs ignored. */
export const OVERFLOWING = 1

/**
 * `StepContext.overflowing`: the body overflowed and the layout changed since: the step
 * treats it as any body, and it stays reported until it ends apart for `STUCK_SECONDS`.
 */
export const ON_TRIAL = 2

/**
 * How body `mover` meets body `other`: {@link IGNORE} when their layers and masks do not
 * match or the world's filter returns `false`, else a response code (an index of
 * `RESPONSE_NAMES`): the filter's response when it names one, else the mover's own (also
 * when the filter throws or returns something it may not: see
 * {@link StepContext.noteFilterError}).
 */
export function pairCode(sim: StepContext, mover: number, other: number): number {
  return resolvePairCode(sim, mover, other, sim.store.response[mover] as number)
}

/**
 * {@link pairCode} for two dynamic bodies meeting in a step, where neither is "the mover":
 * without a verdict from the filter the pair takes the stronger of their two responses,
 * `cross` over `bounce` over `touch` over `slide` (the order of the codes), so a `cross`
 * body passes through every body and a `bounce` body bounces off every body, whichever
 * of the two was added first. (With the first body's own response, the result depended on
 * insertion order.) A pair with an overflowing body (see `LayoutWatch`) is ignored.
 */
export function dynamicPairCode(sim: StepContext, a: number, b: number): number {
  // An overflowing body rests where the layout watch left it (world/layoutWatch.ts).
  if (sim.overflowing[a] === OVERFLOWING || sim.overflowing[b] === OVERFLOWING) return IGNORE
  return resolvePairCode(sim, a, b, strongerResponse(sim.store.response, a, b))
}

/**
 * The stronger of the responses of slots `a` and `b` (codes in `response`): what two dynamic
 * bodies meet with when nothing else decides (see {@link dynamicPairCode}).
 */
export function strongerResponse(response: Uint8Array, a: number, b: number): number {
  const first = response[a] as number
  const second = response[b] as number
  return first > second ? first : second
}

function resolvePairCode(sim: StepContext, mover: number, other: number, fallback: number): number {
  const store = sim.store
  if (!store.layersMatch(mover, other)) return IGNORE
  const filter = sim.settings.filter
  if (filter !== undefined) {
    let verdict: ReturnType<typeof filter>
    try {
      verdict = filter(store.ids[mover] as string, store.ids[other] as string)
    } catch (error) {
      // A throw here would leave the step or move half done (velocities applied twice,
      // contacts never ended, moved bodies not marked): the pair keeps its default, and the
      // world rethrows the first error once the step or move is complete.
      sim.noteFilterError(error)
      return fallback
    }
    if (verdict === false) return IGNORE
    if (verdict !== true && verdict !== undefined) {
      const code = typeof verdict === 'string' ? RESPONSE_NAMES.indexOf(verdict) : -1
      if (code >= 0) return code
      // A typo such as 'bouce' must not pass for the default: reported like a throw.
      sim.noteFilterError(unknownVerdictError(verdict, store.ids[mover], store.ids[other]))
    }
  }
  return fallback
}

/** The error for a filter verdict that is neither a boolean, `undefined` nor a response name. */
function unknownVerdictError(
  verdict: unknown,
  mover: string | undefined,
  other: string | undefined,
): TypeError {
  return new TypeError(
    `filter: the pair filter must return false, true, undefined or one of ${RESPONSE_NAMES.map((name) => `'${name}'`).join(', ')} (got ${describeValue(verdict)} for bodies "${mover}" and "${other}")`,
  )
}
