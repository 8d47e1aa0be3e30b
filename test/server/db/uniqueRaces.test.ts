import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { serverMessages } from '../../../src/domain/serverMessages.ts'
import { startEmailChange } from '../../../server/accounts/emailChanges.ts'
import { firstCredentialVersion } from '../../../server/accounts/credentials.ts'
import { defined } from '../../../src/domain/defined.ts'
import { onError } from '../../../server/http/errors.ts'
import { call, signUp, signupBody, uniqueEmail, useAccountsApp } from '../helpers/accounts.ts'

describe('two requests racing for one unique value answer 409, never 500', () => {
  const env = useAccountsApp()

  const confirm = (token: string) => env.app.request('/api/v2/email_confirmations', call('POST', { token }))
  const linkTo = async (email: string) => {
    const customer = await signUp(env.app)
    return {
      ...customer,
      token: await env.t.db.transaction(async (tx) =>
        defined(await startEmailChange(tx, customer.id, email, { origin: 'http://localhost' }, firstCredentialVersion), 'the started change'),
      ),
    }
  }

  it('two customers confirming links to one new address at once: one 200, one 409 with the sign-up message', async () => {
    for (let round = 0; round < 5; round++) {
      const wanted = uniqueEmail('wanted')
      const [a, b] = [await linkTo(wanted), await linkTo(wanted)]
      const answers = await Promise.all([confirm(a.token), confirm(b.token)])
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
      expect(await answers.find((r) => r.status === 409)!.json()).toEqual({ error: serverMessages.emailTaken })
    }
  })

  it('one link confirmed twice at once: the address moves once, and neither answer is a 500', async () => {
    for (let round = 0; round < 5; round++) {
      const wanted = uniqueEmail('twice')
      const { token } = await linkTo(wanted)
      const statuses = (await Promise.all([confirm(token), confirm(token)])).map((r) => r.status)
      expect(statuses).toContain(200)
      for (const status of statuses) expect([200, 409, 410]).toContain(status)
      expect(await env.t.db.query('select 1 from customers where email = $1', [wanted])).toHaveLength(1)
    }
  })

  it('two sign-ups of one email at once: one 201, one 409 with the sign-up message', async () => {
    const body = signupBody()
    const answers = await Promise.all([0, 1].map(() => env.app.request('/api/v2/users', call('POST', body))))
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409])
    expect(await answers.find((r) => r.status === 409)!.json()).toEqual({ error: serverMessages.emailTaken })
  })

  it('answers any other unique violation a request meets with 409 and a message, not 500', async () => {
    const app = new Hono()
      .get('/race', () => {
        throw Object.assign(new Error('duplicate key value violates unique constraint "addresses_public_id_key"'), { code: '23505' })
      })
      .onError(onError)
    const res = await app.request('/race')
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: serverMessages.changedMeanwhile })
  })
})
