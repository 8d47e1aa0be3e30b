import { randomUUID } from 'node:crypto'
import { describe, expect, it, vi } from 'vitest'
import { staffNotSignedIn } from '../../server/staff/allow.ts'
import { signUp, useAccountsApp } from '../server/helpers/accounts.ts'
import { postWallet, unpaidOrder, walletBody } from '../server/helpers/payments.ts'
import { staffRequest, staffSession } from '../server/helpers/staff.ts'
import { secondInstanceDb } from '../server/helpers/testDb.ts'

// Deterministic on PostgreSQL: another connection holds the payment while the refund, already allowed, waits for it.
describe('a staff request kept in flight while an owner locks the member out', () => {
  const env = useAccountsApp({ seeded: true, config: { sandboxWebhooks: false } })

  it('never lands after the lockout: the refund that waited is refused and nothing is refunded', async () => {
    const me = await signUp(env.app)
    const order = await unpaidOrder(env.app, me)
    expect((await postWallet(env.app, me, walletBody(me, order))).status).toBe(200)
    const [payment] = await env.t.db.query<{ id: number }>('select id from payments where order_id = $1', [order.id])
    const finance = await staffSession(env.t.db, 'finance')
    const owner = await staffSession(env.t.db, 'owner')
    const second = await secondInstanceDb(env.t)
    try {
      let release!: () => void
      let holderPid = 0
      const held = second.db.transaction(async (tx) => {
        const [pid] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid')
        holderPid = Number(pid?.pid)
        await tx.query('select id from payments where id = $1 for update', [payment!.id])
        await new Promise<void>((done) => {
          release = done
        })
      })
      await vi.waitFor(() => expect(holderPid).toBeGreaterThan(0))
      // The finance member's refund passes its checks (session, role, passkey) and waits on the payment.
      const refund = staffRequest(
        env.app,
        finance,
        'POST',
        `/payments/${payment!.id}/refunds`,
        { amount: 1000, reason: 'goodwill' },
        {
          'Idempotency-Key': randomUUID(),
        },
      )
      await vi.waitFor(
        async () => {
          const waiting = await second.db.query(
            `select 1 from pg_locks w join pg_locks h on h.transactionid = w.transactionid and h.granted where not w.granted and h.pid = $1`,
            [holderPid],
          )
          expect(waiting.length).toBeGreaterThan(0)
        },
        { timeout: 10_000, interval: 20 },
      )
      // Meanwhile the owner removes the member.
      expect((await staffRequest(env.app, owner, 'DELETE', `/team/${finance.staffId}`)).status).toBe(204)
      release()
      await held
      const res = await refund
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ error: staffNotSignedIn })
      expect(await env.t.db.query('select id from refunds where payment_id = $1', [payment!.id])).toEqual([])
      expect(await env.t.db.query(`select id from audit_log where action = 'refund.make' and staff_id = $1`, [finance.staffId])).toEqual([])
    } finally {
      await second.close()
    }
  })
})
