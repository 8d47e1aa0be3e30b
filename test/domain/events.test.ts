import { describe, expect, it } from 'vitest'
import { checkFact } from '../../src/domain/factCheck.ts'
import {
  factDefinitions,
  factFamilies,
  isAccountFact,
  isAuthFact,
  isCartFact,
  isOrderFact,
  isPaymentFact,
  isServiceFact,
  makeFact,
  type FactType,
} from '../../src/domain/events.ts'

const types = Object.keys(factDefinitions) as FactType[]
const stamp = { id: 'fact-1', occurredAt: '2025-03-01T08:00:00.000Z' }
const sample = (type: 'v1.CartLineRemoved') => makeFact(type, { cart_id: 'a' }, stamp)
const renamed = (name: string) => makeFact('v1.SimRenamed', { customerId: 3, serviceId: 12, name }, stamp)

describe('the fact families', () => {
  it('hold every fact this build knows, each in one family only', () => {
    const held = factFamilies.flatMap((family) => Object.keys(family.facts))
    expect(held.toSorted()).toEqual(types.toSorted())
    expect(new Set(held).size).toBe(held.length)
  })

  it("fold every family's facts in its own projection, unless the family is read straight from the log", () => {
    const logOnly = factFamilies.filter((family) => family.projection === 'log only').map((family) => family.stream)
    expect(logOnly).toEqual(['language', 'install'])
    for (const { stream, projection } of factFamilies) if (projection !== 'log only') expect(projection.streams, stream).toContain(stream)
  })

  it("drop a deleted customer from every read model but the cart, which is the device's", () => {
    const keepAll = factFamilies.flatMap(({ projection }) => (projection !== 'log only' && projection.forget === null ? [projection.name] : []))
    expect(keepAll).toEqual(['cart'])
  })

  it('tell the facts of each stream apart by their definition', () => {
    const guards = { cart: isCartFact, auth: isAuthFact, orders: isOrderFact, payments: isPaymentFact, account: isAccountFact, services: isServiceFact }
    for (const [stream, guard] of Object.entries(guards)) {
      const family = factFamilies.find((f) => f.stream === stream)
      expect(
        types.filter((type) => guard({ type })),
        stream,
      ).toEqual(Object.keys(family?.facts ?? {}))
    }
    expect(isCartFact({ type: 'toString' })).toBe(false)
  })
})

describe('reading a stored fact', () => {
  const stored = (change: Record<string, unknown>) => ({ ...sample('v1.CartLineRemoved'), seq: 4, ...change })

  it('drops what the log adds (seq) and keeps the fact', () => {
    expect(checkFact(stored({}))).toEqual({ ok: true, fact: sample('v1.CartLineRemoved') })
  })

  it.each([
    ['a payload its schema refuses', { payload: { cart_id: 7 } }, /v1.CartLineRemoved: .*cart_id/s],
    ['a kind of fact this build does not know', { type: 'v1.CartLineSold' }, /not a fact this app knows/],
    ['a fact filed in another stream', { stream: 'orders' }, /belongs to the cart stream, not orders/],
    ['a version its name does not carry', { v: 2 }, /stored as version 2/],
    ['a version newer than this build', { type: 'v2.CartLineRemoved', v: 2 }, /newer than this app's v1/],
    ['no id', { id: '' }, /id/],
    ['a time that is not one', { occurredAt: 'yesterday' }, /occurredAt/],
    ['no payload', { payload: undefined }, /payload/],
  ])('refuses %s', (_, change, problem) => {
    const checked = checkFact(stored(change))
    expect(checked.ok).toBe(false)
    expect(checked.ok ? '' : checked.problem).toMatch(problem)
  })

  it('refuses a SIM name its rule refuses, so no bad name is ever written', () => {
    expect(checkFact(renamed('')).ok).toBe(false)
    expect(checkFact(renamed('x'.repeat(41))).ok).toBe(false)
    expect(checkFact(renamed('x'.repeat(40))).ok).toBe(true)
  })

  it('refuses what is not a fact at all, without throwing', () => {
    for (const row of [null, 'v1.CartCleared', 42, []]) expect(checkFact(row).ok).toBe(false)
  })
})
