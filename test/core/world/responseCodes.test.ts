import { describe, expect, it } from 'vitest'
import { SWEPT_RESPONSES } from '../../../src/core/geometry/responses.js'
import {
  BOUNCE,
  CROSS,
  IGNORE,
  RESPONSE_NAMES,
  SLIDE,
  TOUCH,
} from '../../../src/core/world/responseCodes.js'
import { strongerResponse } from '../../../src/core/world/pairCode.js'

describe('the table of responses', () => {
  it('gives each swept response its index as its code', () => {
    expect(RESPONSE_NAMES).toBe(SWEPT_RESPONSES)
    expect([SLIDE, TOUCH, BOUNCE, CROSS].map((code) => RESPONSE_NAMES[code])).toEqual([
      'slide',
      'touch',
      'bounce',
      'cross',
    ])
  })

  it('orders the codes by strength, so the stronger of two is the larger', () => {
    const response = Uint8Array.of(SLIDE, TOUCH, BOUNCE, CROSS)
    expect(strongerResponse(response, 0, 1)).toBe(TOUCH)
    expect(strongerResponse(response, 2, 1)).toBe(BOUNCE)
    expect(strongerResponse(response, 3, 2)).toBe(CROSS)
  })

  it('keeps IGNORE apart from every response and inside a byte', () => {
    expect(RESPONSE_NAMES[IGNORE]).toBeUndefined()
    expect(Uint8Array.of(IGNORE)[0]).toBe(IGNORE)
  })
})
