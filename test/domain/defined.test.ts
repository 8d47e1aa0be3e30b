import { describe, expect, it } from 'vitest'
import { defined } from '../../src/domain/defined.ts'

describe('defined', () => {
  it('gives a present value back, falsy ones included', () => {
    expect(defined({ id: 7 }, 'the row')).toEqual({ id: 7 })
    expect(defined(0, 'a count')).toBe(0)
    expect(defined('', 'a text')).toBe('')
  })

  it('throws naming what was missing', () => {
    expect(() => defined(undefined, 'the inserted row')).toThrow('Expected the inserted row, found undefined')
    expect(() => defined(null, 'the order')).toThrow('Expected the order, found null')
  })
})
