import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createDb } from '../../../server/db/createDb.ts'
import { openPglite } from '../../../server/db/pglite.ts'
import { seed } from '../../../server/seed/seed.ts'
import { applyEvents } from '../helpers/activeSim.ts'
import { accountsApp, apiKey, signUp, testScryptN } from '../helpers/accounts.ts'
import { spawnServer } from '../helpers/childServer.ts'
import type { ChildServer } from '../helpers/childServer.ts'
import { makeFakeDist } from '../helpers/fakeDist.ts'
import { startFakeNetwork } from '../helpers/fakeNetwork.ts'
import type { FakeNetwork } from '../helpers/fakeNetwork.ts'
import { cartLine } from '../helpers/orders.ts'
import { payByWallet, placeOrder } from '../helpers/portal.ts'
import { dispatchSim, ricaChecked } from '../../../server/sandbox/network/fulfilment.ts'

interface Row {
  kind: string
  key: string
  attempts: number
  accepted: boolean
}

describe('a server killed between the network taking an activation and recording it', () => {
  const root = mkdtempSync(join(tmpdir(), 'storefront-network-crash-'))
  const dataDir = join(root, 'pglite')
  const dist = makeFakeDist()
  let network: FakeNetwork
  let server: ChildServer | undefined
  afterAll(async () => {
    await server?.stop()
    await network?.close()
    dist.remove()
    rmSync(root, { recursive: true, force: true })
  })

  // Typically 20-30 s: three PGlite starts on disk.
  it('sends it again after the restart with the same idempotency key, so the network activates the SIM once', async () => {
    // A paid SIM, dispatched and RICA verified before the server starts: its activation waits in the outbox.
    const before = await createDb('', dataDir)
    try {
      await seed(before)
      const app = accountsApp(before, { seed: false })
      const me = await signUp(app)
      await payByWallet(app, me, await placeOrder(app, me, [cartLine(1)]))
      const [sim] = await before.query<{ service_reference: string }>('select service_reference from services where customer_id = $1', [me.id])
      const reference = sim!.service_reference
      await applyEvents(before, await before.transaction((tx) => dispatchSim(tx, { reference, courier: 'Courier', tracking_reference: 'TR1' }, new Date())))
      await applyEvents(before, await ricaChecked(before, reference, 1, 'verified', new Date()))
      expect(await before.query("select 1 from network_requests where kind = 'activate' and accepted_at is null")).toHaveLength(1)
    } finally {
      await before.close()
    }

    network = await startFakeNetwork()
    const options = {
      port: 0,
      host: '127.0.0.1',
      databaseUrl: '',
      dataDir,
      seed: false,
      apiKey,
      scryptN: testScryptN,
      distDir: dist.dir,
      networkOutboxIntervalMs: 50,
      network: { kind: 'enabler' as const, baseUrl: network.url, apiToken: network.token, webhookSecret: 'a-webhook-secret-of-at-least-32-characters' },
    }
    // The network takes the activation and does it, and its 202 never reaches the storefront: killed meanwhile.
    network.mode = 'hang'
    server = await spawnServer(options)
    await expect.poll(() => network.calls.length, { timeout: 15_000 }).toBe(1)
    const first = server
    await first.kill()
    expect(first.child.signalCode).toBe('SIGKILL')

    const afterCrash = await openPglite(dataDir)
    try {
      const rows = await afterCrash.query<Row>('select kind, idempotency_key as key, attempts, accepted_at is not null as accepted from network_requests')
      expect(rows).toEqual([{ kind: 'activate', key: network.calls[0]!.key, attempts: 1, accepted: false }])
      // The dead process's lease runs out (two minutes, longer than any call may take): as if that time had passed.
      await afterCrash.query('update network_requests set next_attempt_at = now()')
    } finally {
      await afterCrash.close()
    }

    network.mode = 'accept'
    server = await spawnServer(options)
    await expect.poll(() => network.calls.length, { timeout: 20_000 }).toBe(2)
    // A clean stop finishes the call under way, so what the database holds now is final.
    await server.stop()
    server = undefined
    const [call, again] = network.calls
    expect(again).toEqual(call)
    expect(call).toMatchObject({ path: '/v1/activations', body: { plan: '1', billing: 'monthly', rica: { first_names: expect.any(String) } } })
    // One key: the network does the activation once, however often it is asked.
    expect([...network.countsByKey().keys()]).toEqual([call!.key])

    const db = await openPglite(dataDir)
    try {
      const rows = await db.query<Row>('select kind, idempotency_key as key, attempts, accepted_at is not null as accepted from network_requests')
      expect(rows).toEqual([{ kind: 'activate', key: call!.key, attempts: 2, accepted: true }])
    } finally {
      await db.close()
    }
  }, 120_000)
})
