import { describe, expect, it } from 'vitest'
import { outboxKinds } from '../../src/app/outboxKinds.ts'
import { kindOf } from '../../src/outbox/kind.ts'

describe("the app's kinds of queued write", () => {
  it('each loads a kind of the name it is listed under, every name once', async () => {
    const names = outboxKinds.map((entry) => entry.kind)
    expect(new Set(names).size).toBe(names.length)
    const loaded = await Promise.all(outboxKinds.map(kindOf))
    expect(loaded.map((kind) => kind.kind)).toEqual(names)
    expect(names).toEqual(['auth.logout', 'account.edit', 'order.create', 'support.message', 'support.answer', 'sim.rename', 'client.error'])
  })
})
