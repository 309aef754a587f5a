import type { StoryContext } from '@storybook/react-vite'

/**
 * The rule that every story shown on a docs page opens in the state its description names:
 * its play function may assert, but not act. Acting means dispatching input, and every way a
 * play function can move a story (`userEvent`, `fireEvent`, `stories/support/pointerInput.ts`)
 * dispatches synthetic input events (`isTrusted` false); a story's own timers and effects run
 * the same with or without its play function, so a play that dispatches no input leaves the
 * story as it opened. A story that needs input to test its behaviour lives in a story of its
 * own, `'<Story>: interaction test'` tagged `!autodocs` (kept off the docs pages).
 *
 * Wired into `.storybook/preview.ts` as `beforeEach` and `afterEach`, so the story tests
 * (`vitest --project storybook`) and the screenshot check fail on a shown story that acts.
 */

/** Events that user input dispatches; focus and blur alone change nothing a story shows. */
const INPUT_EVENTS = [
  'pointerdown',
  'pointermove',
  'pointerup',
  'pointercancel',
  'mousedown',
  'mousemove',
  'mouseup',
  'click',
  'dblclick',
  'contextmenu',
  'wheel',
  'keydown',
  'keyup',
  'input',
  'change',
  'touchstart',
  'touchmove',
  'touchend',
  'dragstart',
  'drop',
] as const

/** The synthetic input events seen while each shown story's play function ran. */
const recorded = new WeakMap<HTMLElement, { events: string[]; stop: () => void }>()

/**
 * Whether the story is one of those shown on docs pages: `.storybook/preview.ts` tags every
 * story `autodocs`, and a story's own `!autodocs` removes the tag.
 */
function isShown(context: StoryContext): boolean {
  return context.tags.includes('autodocs')
}

/**
 * Starts recording the synthetic input events that reach the story's canvas, or the page's
 * body (where `userEvent.tab()` and keys without a focused element go), while it renders
 * and plays. Real input (`isTrusted`, a visitor's mouse) is not counted.
 */
export function recordInputDuringPlay(context: StoryContext): void {
  const { canvasElement } = context
  if (!isShown(context) || !(canvasElement instanceof HTMLElement)) return
  const document = canvasElement.ownerDocument
  const events: string[] = []
  const listener = (event: Event) => {
    const target = event.target
    const onPage =
      target === document || target === document.body || target === document.documentElement
    if (
      !event.isTrusted &&
      (onPage || (target instanceof Node && canvasElement.contains(target)))
    ) {
      events.push(event.type)
    }
  }
  for (const type of INPUT_EVENTS) document.addEventListener(type, listener, { capture: true })
  const stop = () => {
    for (const type of INPUT_EVENTS) document.removeEventListener(type, listener, { capture: true })
  }
  recorded.get(canvasElement)?.stop()
  recorded.set(canvasElement, { events, stop })
}

/**
 * Stops recording and throws, naming the story and the events, when a shown story's play
 * function dispatched input.
 */
export function assertNoInputDuringPlay(context: StoryContext): void {
  const record = recorded.get(context.canvasElement)
  if (!record) return
  record.stop()
  recorded.delete(context.canvasElement)
  if (record.events.length === 0) return
  const kinds = [...new Set(record.events)].join(', ')
  throw new Error(
    `Story "${context.title} / ${context.name}" is shown on its docs page but its play function ` +
      `dispatched input (${kinds}), so the story no longer opens in the state it describes. ` +
      "Move the interaction to a story of its own named '<Story>: interaction test' with " +
      "tags: ['!autodocs'], and leave this one without a play function (or one that only asserts).",
  )
}
