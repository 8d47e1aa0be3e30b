import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { signUp } from '../helpers/accounts.ts'
import { serviceOf, servicesOf } from '../helpers/portal.ts'
import { answeredService, customerWithSim, simRequest, useSimApp } from '../helpers/simActions.ts'

describe('POST /api/v8/partner/services/id/{id}/name', () => {
  const env = useSimApp()
  const rename = (serviceId: number | string, cookie: string | undefined, name: unknown, id = randomUUID(), key: string | undefined = id) =>
    simRequest(env.app, 'POST', `${serviceId}/name`, { ...(cookie ? { cookie } : {}), body: { id, name }, ...(key ? { key } : {}) })
  const history = (serviceId: number) =>
    env.t.db.query<{ previous_name: string; name: string }>('select previous_name, name from service_renames where service_id = $1 order by seq', [serviceId])

  it('names the SIM (trimmed), answers it as it stands, shows it in the list and keeps every earlier name', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db)
    const first = await rename(serviceId, me.cookie, '  Kitchen router  ')
    expect(first.status).toBe(200)
    expect((await answeredService(first)).name).toBe('Kitchen router')
    expect((await rename(serviceId, me.cookie, 'Office')).status).toBe(200)
    expect((await serviceOf(env.app, me, serviceId)).name).toBe('Office')
    expect((await servicesOf(env.app, me)).map((s) => s.name)).toEqual(['Office'])
    expect(await history(serviceId)).toEqual([
      { previous_name: 'Home router', name: 'Kitchen router' },
      { previous_name: 'Kitchen router', name: 'Office' },
    ])
  })

  it('renames once per Idempotency-Key: a repeat gets the answer again and changes nothing; the key for another name is refused', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db)
    const id = randomUUID()
    const sent = await rename(serviceId, me.cookie, 'Tablet', id)
    const again = await Promise.all([rename(serviceId, me.cookie, 'Tablet', id), rename(serviceId, me.cookie, 'Tablet', id)])
    expect([sent.status, ...again.map((r) => r.status)]).toEqual([200, 200, 200])
    expect(again.map((r) => r.headers.get('Idempotent-Replayed'))).toEqual(['true', 'true'])
    expect(await history(serviceId)).toHaveLength(1)
    const reused = await rename(serviceId, me.cookie, 'Laptop', id)
    expect(reused.status).toBe(422)
    expect(await reused.json()).toEqual({ error: 'This request was already used for a different change.' })
    expect((await serviceOf(env.app, me, serviceId)).name).toBe('Tablet')
  })

  it('refuses a name that is empty, blank or longer than 40 characters, naming the rule, and counts an emoji as one character', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db)
    for (const [name, message] of [
      ['', 'Enter a name for the SIM.'],
      ['    ', 'Enter a name for the SIM.'],
      [null, 'Enter a name for the SIM.'],
      ['x'.repeat(41), 'The SIM name can be at most 40 characters.'],
      ['👨‍👩‍👧‍👦'.repeat(40), 'The SIM name is too long: use fewer emoji or symbols.'],
      ['Home\u202EiF-iW', 'The SIM name cannot contain text direction control characters.'],
    ] as const) {
      const res = await rename(serviceId, me.cookie, name)
      expect(res.status, String(name)).toBe(400)
      expect(((await res.json()) as { error: string }).error).toBe(message)
    }
    expect((await rename(serviceId, me.cookie, '📱'.repeat(40))).status).toBe(200)
    expect((await rename(serviceId, me.cookie, ` ${'y'.repeat(40)} `)).status).toBe(200)
    expect(await history(serviceId)).toHaveLength(2)
  })

  it('needs the Idempotency-Key, and the body id to be it', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db)
    const missing = await rename(serviceId, me.cookie, 'Car', randomUUID(), '')
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ error: 'Missing Idempotency-Key header.' })
    const other = await rename(serviceId, me.cookie, 'Car', randomUUID(), randomUUID())
    expect(await other.json()).toEqual({ error: 'id must equal the Idempotency-Key header.' })
    expect(await history(serviceId)).toEqual([])
  })

  it("refuses another customer's SIM and changes nothing; 404 for no such SIM, 400 for an id that is none, 401 signed out", async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db)
    const other = await signUp(env.app)
    const theirs = await rename(serviceId, other.cookie, 'Mine now')
    expect(theirs.status).toBe(403)
    expect(await theirs.json()).toEqual({ error: 'You can only change your own services.' })
    expect((await serviceOf(env.app, me, serviceId)).name).toBe('Home router')
    expect((await rename(999_999_999, me.cookie, 'Car')).status).toBe(404)
    const bad = await rename('SVC-1', me.cookie, 'Car')
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'The service id must be a number.' }])
    expect((await rename(serviceId, undefined, 'Car')).status).toBe(401)
    expect(await history(serviceId)).toEqual([])
  })

  it('leaves a cancelled SIM its name, yet answers a repeat of a rename made before', async () => {
    const { me, serviceId } = await customerWithSim(env.app, env.t.db, 9)
    const id = randomUUID()
    expect((await rename(serviceId, me.cookie, 'Old phone', id)).status).toBe(200)
    expect((await simRequest(env.app, 'POST', `${serviceId}/cancellation`, { cookie: me.cookie, body: {} })).status).toBe(200)
    const refused = await rename(serviceId, me.cookie, 'Spare')
    expect(refused.status).toBe(422)
    expect(await refused.json()).toEqual({ error: 'This SIM is cancelled and can no longer be changed.' })
    expect((await rename(serviceId, me.cookie, 'Old phone', id)).status).toBe(200)
    expect((await serviceOf(env.app, me, serviceId)).name).toBe('Old phone')
  })
})
