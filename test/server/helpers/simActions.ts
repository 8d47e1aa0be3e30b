import { afterAll, beforeAll, beforeEach } from 'vitest'
import * as v from 'valibot'
import { createApp } from '../../../server/app.ts'
import { seed } from '../../../server/seed/seed.ts'
import { ServiceAnswerSchema } from '../../../src/domain/service.ts'
import { apiKey, call, signUp, testScryptN } from './accounts.ts'
import type { Customer, TestApp } from './accounts.ts'
import { MovableClock } from './clock.ts'
import type { Db } from '../../../server/db/types.ts'
import { activeSim } from './activeSim.ts'
import { openTestDb, startupTimeout } from './testDb.ts'
import type { TestDb } from './testDb.ts'

/** A seeded database and an app on it whose clock each test moves (from the real time). */
export function useSimApp(): { readonly t: TestDb; readonly app: TestApp; readonly clock: MovableClock } {
  const env = { clock: new MovableClock() } as { t: TestDb; app: TestApp; clock: MovableClock }
  beforeAll(async () => {
    env.t = await openTestDb()
    await seed(env.t.db)
    env.app = createApp({ db: env.t.db, config: { apiKey, scryptN: testScryptN, trustProxy: true }, clock: env.clock })
  }, startupTimeout)
  // SIMs are activated by the real time, so each test starts its dates from it.
  beforeEach(() => env.clock.reset())
  afterAll(() => env.t.drop())
  return env
}

/** A new customer with one paid SIM of the product (1: 4G Uncapped 10Mbps, monthly; 9: 4G Prepaid 30-Day), active on the network. */
export async function customerWithSim(app: TestApp, db: Db, productId = 1): Promise<{ me: Customer; serviceId: number }> {
  const me = await signUp(app)
  return { me, serviceId: await activeSim(app, db, me, productId) }
}

/** A request to one of the SIM's action paths (…/services/id/{id}/<path>), as the app sends it. */
export function simRequest(app: TestApp, method: string, path: string, options: { cookie?: string; body?: unknown; key?: string } = {}) {
  const init = call(method, options.body, options.cookie ? { cookie: options.cookie } : {})
  if (options.key) (init.headers as Record<string, string>)['Idempotency-Key'] = options.key
  return app.request(`/api/v8/partner/services/id/${path}`, init)
}

/** The service an action answered with, checked against the shared schema. */
export const answeredService = async (res: Response) => v.parse(ServiceAnswerSchema, await res.json()).service
