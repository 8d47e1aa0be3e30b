import { availableParallelism } from 'node:os'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { concurrencyGate, defaultScryptN, hashPassword, scryptGate, verifyPassword } from '../../../server/accounts/password.ts'
import { accountsApp, call, password, signUp } from '../helpers/accounts.ts'
import { openTestDb, startupTimeout } from '../helpers/testDb.ts'
import type { TestDb } from '../helpers/testDb.ts'

describe('password hashing', () => {
  it('writes scrypt$N$r$p$salt$hash with a 16-byte salt and a 64-byte key', async () => {
    const stored = await hashPassword(password, 1024)
    const [name, N, r, p, salt, key] = stored.split('$')
    expect([name, N, r, p]).toEqual(['scrypt', '1024', '8', '1'])
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16)
    expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(64)
  })

  it('salts every hash, so one password never hashes the same way twice', async () => {
    expect(await hashPassword(password, 1024)).not.toBe(await hashPassword(password, 1024))
  })

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword(password, 1024)
    expect(await verifyPassword(password, stored)).toBe(true)
    expect(await verifyPassword('Secret#124', stored)).toBe(false)
    expect(await verifyPassword('', stored)).toBe(false)
  })

  it('refuses anything that is not a well-formed hash', async () => {
    for (const stored of ['', 'plain', 'scrypt$1024$8$1$$', 'bcrypt$2b$10$abc', 'scrypt$1024$8$1$c2FsdA$']) {
      expect(await verifyPassword(password, stored), stored).toBe(false)
    }
  })

  it('verifies with the parameters stored in the hash, not the current default', async () => {
    const old = await hashPassword(password, 2048)
    expect(await verifyPassword(password, old)).toBe(true)
  })

  it('keeps the event loop free while hashing', async () => {
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    await hashPassword(password, 2 ** 15)
    clearInterval(timer)
    expect(ticks).toBeGreaterThan(0)
  })
})

describe('the gate every scrypt passes', () => {
  it('never runs more than its limit at once, and lets the rest in as slots free, in the order they came', async () => {
    const gate = concurrencyGate(2)
    const releases: (() => void)[] = []
    const order: number[] = []
    let now = 0
    let most = 0
    const tasks = Array.from({ length: 9 }, (_, i) =>
      gate.run(async () => {
        order.push(i)
        now++
        most = Math.max(most, now)
        await new Promise<void>((done) => releases.push(done))
        now--
        return i
      }),
    )
    // Frees one slot at a time, each once the tasks before have had their turn.
    for (let freed = 0; freed < 9; freed++) {
      await vi.waitFor(() => expect(releases.length).toBe(Math.min(9, freed + 2)))
      expect(gate.running).toBeLessThanOrEqual(2)
      releases[freed]!()
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
    expect(most).toBe(2)
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
    expect([gate.running, gate.started]).toEqual([0, 9])
  })

  it('frees the slot of a task that fails', async () => {
    const gate = concurrencyGate(1)
    await expect(gate.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no')
    expect(await gate.run(async () => 'next')).toBe('next')
    expect(gate.running).toBe(0)
  })

  it('holds the hashes of the process to one per core: twelve at once never run more than that together', async () => {
    let most = 0
    const watch = setInterval(() => (most = Math.max(most, scryptGate.running)), 0)
    await Promise.all(Array.from({ length: 12 }, () => hashPassword(password, 2 ** 12)))
    clearInterval(watch)
    expect(most).toBeGreaterThan(0)
    expect(most).toBeLessThanOrEqual(availableParallelism())
    expect(scryptGate.running).toBe(0)
  })
})

describe('the default scrypt strength end to end', () => {
  let t: TestDb
  beforeAll(async () => {
    t = await openTestDb()
  }, startupTimeout)
  afterAll(() => t.drop())

  it('signs up and in with N=2^17, r=8, p=1 when nothing lowers it', async () => {
    expect(defaultScryptN).toBe(131072)
    const app = accountsApp(t.db, { scryptN: defaultScryptN })
    const { email } = await signUp(app)
    const [row] = await t.db.query<{ password_hash: string }>('select password_hash from customers where email = $1', [email])
    expect(row?.password_hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/)
    const res = await app.request('/api/auth/login', call('POST', { email, password }, { from: '192.0.2.10' }))
    expect(res.status).toBe(200)
  })
})
