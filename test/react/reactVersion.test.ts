/// <reference types="vite/client" />
import { version } from 'react'
import { version as domVersion } from 'react-dom'
import { describe, expect, it } from 'vitest'

/**
 * The React major this project runs against: 19 (the devDependencies), or 18 (the projects
 * `react18` and `browser18` set `REACT_MAJOR`). Read from `import.meta.env`, which Vitest
 * fills in Node and in the browser alike.
 */
const expectedMajor = String(import.meta.env.REACT_MAJOR ?? '19')

describe('the React the tests run against', () => {
  it(`is React ${expectedMajor}, react and react-dom alike`, () => {
    expect(version.split('.')[0]).toBe(expectedMajor)
    expect(domVersion).toBe(version)
  })
})
