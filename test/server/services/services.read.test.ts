import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { ServiceAnswerSchema, ServicesAnswerSchema } from '../../../src/domain/service.ts'
import { signUp, useAccountsApp } from '../helpers/accounts.ts'
import { cartLine } from '../helpers/orders.ts'
import { getApi, payByWallet, placeOrder, servicesOf } from '../helpers/portal.ts'

describe('reading services', () => {
  const env = useAccountsApp({ seeded: true })

  /** A customer with one paid order of these lines. */
  async function customerWithSims(lines = [cartLine(1)]) {
    const me = await signUp(env.app)
    await payByWallet(env.app, me, await placeOrder(env.app, me, lines))
    return { me, services: await servicesOf(env.app, me) }
  }

  describe('GET /api/v8/partner/services/{user_id}', () => {
    it('answers 200 with the customer’s services in the shared shape, newest activation first', async () => {
      const me = await signUp(env.app)
      await payByWallet(env.app, me, await placeOrder(env.app, me, [cartLine(1)]))
      await payByWallet(env.app, me, await placeOrder(env.app, me, [cartLine(9)]))
      const res = await getApi(env.app, `/v8/partner/services/${me.id}`, me.cookie)
      expect(res.status).toBe(200)
      const { services } = v.parse(ServicesAnswerSchema, await res.json())
      expect(services.map((s) => s.product_id)).toEqual([9, 1])
      expect(Date.parse(services[0]!.activation_date)).toBeGreaterThanOrEqual(Date.parse(services[1]!.activation_date))
    })

    it('answers 200 with an empty list for a customer with no services', async () => {
      const me = await signUp(env.app)
      const res = await getApi(env.app, `/v8/partner/services/${me.id}`, me.cookie)
      expect(await res.json()).toEqual({ services: [] })
    })

    it('answers 401 without a session, 403 for another customer and 400 for an id that is not one', async () => {
      const { me } = await customerWithSims()
      const other = await signUp(env.app)
      expect((await getApi(env.app, `/v8/partner/services/${me.id}`)).status).toBe(401)
      expect(await (await getApi(env.app, `/v8/partner/services/${me.id}`)).json()).toEqual({ error: 'Not signed in.' })
      const theirs = await getApi(env.app, `/v8/partner/services/${me.id}`, other.cookie)
      expect(theirs.status).toBe(403)
      expect(await theirs.json()).toEqual({ error: 'You can only view your own services.' })
      for (const id of ['abc', '1.5', '-1', '0', '99999999999999999999', `%20${me.id}`]) {
        const res = await getApi(env.app, `/v8/partner/services/${id}`, me.cookie)
        expect(res.status, id).toBe(400)
        expect(await res.json()).toEqual({ error: 'The user id must be a number.' })
      }
    })
  })

  describe('GET /api/v8/partner/services/id/{id}', () => {
    it('answers 200 with the service as the list shows it', async () => {
      const { me, services } = await customerWithSims([cartLine(9)])
      const res = await getApi(env.app, `/v8/partner/services/id/${services[0]!.id}`, me.cookie)
      expect(res.status).toBe(200)
      expect(v.parse(ServiceAnswerSchema, await res.json())).toEqual({ service: services[0] })
    })

    it("answers 403 for another customer's service and shows nothing of it", async () => {
      const { services } = await customerWithSims()
      const other = await signUp(env.app)
      const res = await getApi(env.app, `/v8/partner/services/id/${services[0]!.id}`, other.cookie)
      expect(res.status).toBe(403)
      const text = await res.text()
      expect(JSON.parse(text)).toEqual({ error: 'You can only view your own services.' })
      expect(text).not.toContain(services[0]!.associated_resource)
    })

    it('answers 404 for a service that does not exist, 400 for an id that is not one, 401 without a session', async () => {
      const { me, services } = await customerWithSims()
      const missing = await getApi(env.app, '/v8/partner/services/id/999999999', me.cookie)
      expect(missing.status).toBe(404)
      expect(await missing.json()).toEqual({ error: 'Service not found.' })
      for (const id of ['SVC-000001', 'x', '1e3']) {
        const res = await getApi(env.app, `/v8/partner/services/id/${id}`, me.cookie)
        expect(res.status, id).toBe(400)
        expect(await res.json()).toEqual({ error: 'The service id must be a number.' })
      }
      expect((await getApi(env.app, `/v8/partner/services/id/${services[0]!.id}`)).status).toBe(401)
    })
  })
})
