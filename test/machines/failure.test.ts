import { describe, expect, it } from 'vitest'
import { failureOf, isRefusal } from '../../machines/failure.ts'

describe('failureOf', () => {
  it('keeps the message and a numeric status of what was thrown', () => {
    const error = Object.assign(new Error('Not your SIM.'), { status: 403 })
    expect(failureOf(error)).toEqual({ message: 'Not your SIM.', status: 403 })
  })

  it('reads no answer when the error carries no numeric status', () => {
    expect(failureOf(new Error('Failed to fetch'))).toEqual({ message: 'Failed to fetch', status: undefined })
    expect(failureOf(Object.assign(new Error('odd'), { status: '500' }))).toEqual({ message: 'odd', status: undefined })
  })

  it('turns a thrown value that is not an Error into its text', () => {
    expect(failureOf('timeout')).toEqual({ message: 'timeout', status: undefined })
    expect(failureOf(null)).toEqual({ message: 'null', status: undefined })
    expect(failureOf({ status: 404 })).toEqual({ message: '[object Object]', status: 404 })
  })
})

describe('isRefusal', () => {
  it('is a refusal for 403, 404 and 409 only: a retry cannot help those', () => {
    for (const status of [403, 404, 409]) expect(isRefusal({ message: '', status })).toBe(true)
    for (const status of [undefined, 400, 401, 429, 500, 502, 503]) expect(isRefusal({ message: '', status })).toBe(false)
  })
})
