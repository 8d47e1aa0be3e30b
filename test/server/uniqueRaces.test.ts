import { Hono } from 'hono'
import { describe, expect, it, vi } from 'vitest'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { startEmailChange } from '../../server/accounts/emailChanges.ts'
import { onError } from '../../server/http/errors.ts'
import { call, signUp, signupBody, uniqueEmail, useAccountsApp } from './support/accounts.ts'
import { secondInstanceDb } from './support/testDb.ts'

const onPostgres = Boolean(process.env.DATABASE_URL)

describe('two requests racing for one unique value answer 409, never 500', () => {
  const env = useAccountsApp()

  const confirm = (token: string) => env.app.request('/api/v2/email_confirmations', call('POST', { token }))
  const linkTo = async (email: string) => {
    const customer = await signUp(env.app)
    return { ...customer, token: await env.t.db.transaction((tx) => startEmailChange(tx, customer.id, email, { language: 'en', origin: 'http://localhost' })) }
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

  // Deterministic on PostgreSQL: another connection holds the address uncommitted while the confirmation checks and writes.
  it.runIf(onPostgres)('a confirmation whose address another transaction takes before it commits: 409 with the sign-up message', async () => {
    const wanted = uniqueEmail('held')
    const { token } = await linkTo(wanted)
    const other = await signUp(env.app)
    const second = await secondInstanceDb(env.t)
    try {
      let commit!: () => void
      let holderPid = 0
      const held = second.db.transaction(async (tx) => {
        const [me] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid')
        holderPid = Number(me?.pid)
        await tx.query('update customers set email = $2 where id = $1', [other.id, wanted])
        await new Promise<void>((done) => {
          commit = done
        })
      })
      await vi.waitFor(() => expect(holderPid).toBeGreaterThan(0))
      const answer = confirm(token)
      // The confirmation is waiting on the unique index behind the held transaction.
      await vi.waitFor(
        async () => {
          const waiting = await second.db.query(
            `select 1 from pg_locks w join pg_locks h on h.transactionid = w.transactionid and h.granted
             where not w.granted and h.pid = $1`,
            [holderPid],
          )
          expect(waiting.length).toBeGreaterThan(0)
        },
        { timeout: 10_000, interval: 20 },
      )
      commit()
      await held
      const res = await answer
      expect(res.status).toBe(409)
      expect(await res.json()).toEqual({ error: serverMessages.emailTaken })
    } finally {
      await second.close()
    }
  })
})
