import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { address, signUp, useAccountsApp } from '../helpers/accounts.ts'
import { addressSummary, defaultAddressOf, removeAddressOf, saveAddressOf, whoAmI } from '../helpers/accountEdits.ts'

const street = (street_name: string, extra: Record<string, unknown> = {}) => ({ address: { ...address(), street_name }, ...extra })

describe('the addresses of /api/v2/users/{user_id}', () => {
  const env = useAccountsApp()

  it('keeps the sign-up address as the default, with an id edits can name', async () => {
    const me = await signUp(env.app)
    const [first] = (await whoAmI(env.app, me)).addresses
    expect(first).toMatchObject({ street_name: 'Long Street', is_default: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) })
  })

  it('adds an address under the id the device gave it, edits it by that id, and keeps one default', async () => {
    const me = await signUp(env.app)
    const id = randomUUID()
    const added = await saveAddressOf(env.app, me, id, street('Bree Street'))
    expect(added.res.status).toBe(200)
    const { user } = (await added.res.json()) as { user: Awaited<ReturnType<typeof whoAmI>> }
    expect(user.addresses[1]).toMatchObject({ id, street_name: 'Bree Street', is_default: false })
    await saveAddressOf(env.app, me, id, street('Loop Street', { is_default: true }))
    expect(addressSummary(await whoAmI(env.app, me))).toEqual({ streets: ['Long Street', 'Loop Street'], default: ['Loop Street'] })
  })

  it('chooses the default delivery address, always exactly one', async () => {
    const me = await signUp(env.app)
    const [home] = (await whoAmI(env.app, me)).addresses
    const work = randomUUID()
    await saveAddressOf(env.app, me, work, street('Bree Street'))
    expect((await defaultAddressOf(env.app, me, work)).res.status).toBe(200)
    expect(addressSummary(await whoAmI(env.app, me)).default).toEqual(['Bree Street'])
    await defaultAddressOf(env.app, me, home!.id!)
    expect(addressSummary(await whoAmI(env.app, me)).default).toEqual(['Long Street'])
  })

  it('passes a removed default to the oldest address left, and never removes the last one', async () => {
    const me = await signUp(env.app)
    const [home] = (await whoAmI(env.app, me)).addresses
    const work = randomUUID()
    await saveAddressOf(env.app, me, work, street('Bree Street'))
    expect((await removeAddressOf(env.app, me, home!.id!)).res.status).toBe(200)
    expect(addressSummary(await whoAmI(env.app, me))).toEqual({ streets: ['Bree Street'], default: ['Bree Street'] })
    const last = await removeAddressOf(env.app, me, work)
    expect(last.res.status).toBe(422)
    expect(await last.res.json()).toEqual({ error: 'Keep at least one address: add another before removing this one.' })
    expect(addressSummary(await whoAmI(env.app, me)).streets).toEqual(['Bree Street'])
  })

  it('refuses an address the sign-up would refuse, with its messages', async () => {
    const me = await signUp(env.app)
    const { res } = await saveAddressOf(env.app, me, randomUUID(), { address: { ...address(), street_name: '', postal_code: '80' } })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { issues: { path: string; message: string }[] }
    expect(body.issues).toEqual([
      { path: 'address.street_name', message: 'Street name is required.' },
      { path: 'address.postal_code', message: 'Invalid Postal Code.' },
    ])
    expect((await whoAmI(env.app, me)).addresses).toHaveLength(1)
  })

  it("lets nobody edit, remove or choose another customer's address, and changes nothing of theirs", async () => {
    const me = await signUp(env.app)
    const other = await signUp(env.app)
    const [theirs] = (await whoAmI(env.app, other)).addresses
    const before = await whoAmI(env.app, other)
    const tries = [
      await saveAddressOf(env.app, me, theirs!.id!, street('Hijack Road')),
      await removeAddressOf(env.app, me, theirs!.id!),
      await defaultAddressOf(env.app, me, theirs!.id!),
    ]
    for (const { res } of tries) {
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ error: 'You can only change your own addresses.' })
    }
    const viaTheirPath = await saveAddressOf(env.app, { ...me, id: other.id }, randomUUID())
    expect(viaTheirPath.res.status).toBe(403)
    expect(await whoAmI(env.app, other)).toEqual(before)
    expect((await whoAmI(env.app, me)).addresses).toHaveLength(1)
  })

  it('answers 404 for an address nobody has', async () => {
    const me = await signUp(env.app)
    expect((await removeAddressOf(env.app, me, randomUUID())).res.status).toBe(404)
    expect((await defaultAddressOf(env.app, me, randomUUID())).res.status).toBe(404)
    expect((await removeAddressOf(env.app, me, 'not-a-uuid')).res.status).toBe(404)
  })

  it('removes once per key: a retry after the address came back under a new id repeats the answer and removes nothing', async () => {
    const me = await signUp(env.app)
    const work = randomUUID()
    await saveAddressOf(env.app, me, work, street('Bree Street'))
    const key = randomUUID()
    const first = await removeAddressOf(env.app, me, work, key)
    await saveAddressOf(env.app, me, randomUUID(), street('Bree Street'))
    const retry = await removeAddressOf(env.app, me, work, key)
    expect(retry.res.headers.get('Idempotent-Replayed')).toBe('true')
    expect(await retry.res.text()).toBe(await first.res.text())
    expect(addressSummary(await whoAmI(env.app, me)).streets).toEqual(['Long Street', 'Bree Street'])
  })
})
