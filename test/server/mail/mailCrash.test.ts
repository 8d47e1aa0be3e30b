import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '../../../server/db/createDb.ts'
import { openPglite } from '../../../server/db/pglite.ts'
import { accountsApp, apiKey, call, deliverMail, outboxTo, signUp, testScryptN } from '../helpers/accounts.ts'
import { spawnServer } from '../helpers/childServer.ts'
import type { ChildServer } from '../helpers/childServer.ts'
import { makeFakeDist } from '../helpers/fakeDist.ts'
import { startFakeSmtp } from '../helpers/fakeSmtp.ts'

/** An SMTP server that takes the connection and never says a word: a send to it hangs until its timeout. */
async function startSilentSmtp(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets: Socket[] = []
  const server = createServer((socket) => void sockets.push(socket))
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => sockets.length,
    close: () => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((done) => server.close(() => done()))
    },
  }
}

describe('a server killed between queueing a mail and sending it', () => {
  const root = mkdtempSync(join(tmpdir(), 'storefront-mail-crash-'))
  const dataDir = join(root, 'pglite')
  const dist = makeFakeDist()
  // A send may take 3 s, so a mail a dead process held is free again 6 s after its claim.
  const options = {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: '',
    dataDir,
    seed: false,
    apiKey,
    scryptN: testScryptN,
    distDir: dist.dir,
    publicUrl: 'https://shop.example.co.za',
    mailOutboxIntervalMs: 50,
    mailSendTimeoutMs: 3_000,
  }
  let server: ChildServer | undefined
  const closers: (() => Promise<void>)[] = []
  afterAll(async () => {
    await server?.stop()
    for (const close of closers) await close()
    dist.remove()
    rmSync(root, { recursive: true, force: true })
  })

  // Typically 20-30 s: three PGlite starts on disk, and the lease of the dead process's claim running out.
  it('sends the reset link exactly once after a SIGKILL while the SMTP server had not yet taken it', async () => {
    // The customer exists before the server starts, their sign-up confirmation already sent: the reset link is then the
    // only mail due, so the mail the killed process holds is that link.
    const before = await createDb('', dataDir)
    let email = ''
    try {
      email = (await signUp(accountsApp(before))).email
      expect(await deliverMail(before)).toEqual({ sent: 1, retrying: 0, failed: 0 })
      expect(await outboxTo(before, email)).toEqual([expect.objectContaining({ template: 'signupConfirm', attempts: 1, sent_at: expect.any(Date) })])
    } finally {
      await before.close()
    }

    const silent = await startSilentSmtp()
    closers.push(silent.close)
    server = await spawnServer({ ...options, mail: { kind: 'smtp', url: silent.url, from: 'no-reply@shop.example.co.za' } })
    const forgot = await fetch(`${server.url}/api/auth/password/forgot`, call('POST', { email }, { from: '192.0.2.30' }))
    // Answered once the link and its mail were committed.
    expect(forgot.status).toBe(202)
    // The job claimed the mail and is waiting on the SMTP server: the claim is committed, the send is not done.
    await expect.poll(silent.connections, { timeout: 10_000 }).toBe(1)
    const first = server
    await first.kill()
    expect(first.child.signalCode).toBe('SIGKILL')

    const smtp = await startFakeSmtp()
    closers.push(smtp.close)
    server = await spawnServer({ ...options, mail: { kind: 'smtp', url: smtp.url, from: 'no-reply@shop.example.co.za' } })
    await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(1)
    // A clean stop finishes any send under way, so what the SMTP server holds now is final.
    await server.stop()
    server = undefined
    expect(smtp.received).toHaveLength(1)
    expect(smtp.received[0]!.to).toEqual([email])
    expect(smtp.received[0]!.data).toMatch(/https:\/\/shop\.example\.co\.za\/reset_password\?token=[\w-]{43}/)

    const db = await openPglite(dataDir)
    try {
      const rows = await db.query<{ template: string; attempts: number; sent: boolean; failed: boolean }>(
        'select template, attempts, sent_at is not null as sent, failed_at is not null as failed from mail_outbox order by id',
      )
      // The reset link: two claims, the dead process's, then the one that sent it. The confirmation went before either server.
      expect(rows).toEqual([
        { template: 'signupConfirm', attempts: 1, sent: true, failed: false },
        { template: 'passwordReset', attempts: 2, sent: true, failed: false },
      ])
    } finally {
      await db.close()
    }
    expect(silent.connections()).toBe(1)
  }, 240_000)
})
