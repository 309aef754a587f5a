import { version } from 'react'
import { version as domVersion } from 'react-dom'
import { describe, expect, it } from 'vitest'

/** The React major this project runs against: 19 (the devDependencies), or 18 (`react18`). */
const expectedMajor = process.env.REACT_MAJOR ?? '19'

describe('the React the tests run against', () => {
  it(`is React ${expectedMajor}, react and react-dom alike`, () => {
    expect(version.split('.')[0]).toBe(expectedMajor)
    expect(domVersion).toBe(version)
  })
})
