import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { pushSubscriptionChangeSchema } from '../../src/domain/push.ts'

const valid = (change: unknown) => v.safeParse(pushSubscriptionChangeSchema, change).success

describe('pushSubscriptionChangeSchema', () => {
  it('takes categories, quiet hours (both ends, whole minutes 0 to 1439; equal ends meaning none), or both', () => {
    expect(valid({ categories: [] })).toBe(true)
    expect(valid({ quietFrom: 22 * 60, quietUntil: 6 * 60 })).toBe(true)
    expect(valid({ quietFrom: 0, quietUntil: 0 })).toBe(true)
    expect(valid({ quietFrom: 1439, quietUntil: 0, categories: ['usage'] })).toBe(true)
  })

  it('refuses nothing to change, one end alone, and minutes outside a day or not whole', () => {
    for (const bad of [
      {},
      { quietFrom: 60 },
      { quietUntil: 60, categories: ['usage'] },
      { quietFrom: 1440, quietUntil: 0 },
      { quietFrom: 0, quietUntil: -1 },
      { quietFrom: 60.5, quietUntil: 0 },
      { quietFrom: '60', quietUntil: '0' },
      { categories: ['ads'] },
    ])
      expect(valid(bad), JSON.stringify(bad)).toBe(false)
  })
})
