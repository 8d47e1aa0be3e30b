import { describe, expect, it, vi } from 'vitest'
import { serverMessages } from '../../src/domain/serverMessages.ts'
import { startEmailChange } from '../../server/accounts/emailChanges.ts'
import { firstCredentialVersion } from '../../server/accounts/credentials.ts'
import { defined } from '../../src/domain/defined.ts'
import { call, signUp, uniqueEmail, useAccountsApp } from '../server/helpers/accounts.ts'
import { secondInstanceDb } from '../server/helpers/testDb.ts'

describe('a confirmation racing another transaction for its address answers 409, never 500', () => {
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

  // Deterministic on PostgreSQL: another connection holds the address uncommitted while the confirmation checks and writes.
  it('a confirmation whose address another transaction takes before it commits: 409 with the sign-up message', async () => {
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
