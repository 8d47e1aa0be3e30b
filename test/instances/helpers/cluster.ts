import { apiKey, testScryptN } from '../../server/helpers/accounts.ts'
import { runCommand, serveCommand } from '../../server/helpers/compiledServer.ts'
import type { ServedProcess } from '../../server/helpers/compiledServer.ts'

/** The key the cluster's servers seal ID numbers with: what a test must unseal them with when it acts on their database itself. */
export const clusterIdNumberKey = idNumberKeyOf({ idNumberKey: safeProductionEnv.ID_NUMBER_KEY })
import { idNumberKeyOf } from '../../../server/accounts/idNumberSeal.ts'
import { safeProductionEnv } from '../../server/helpers/productionEnv.ts'

/** Settings of the real providers, left out so the sandboxes (allowed by SANDBOX=true) stand in for them. */
const providerSettings = new Set([
  'PAYMENT_BASE_URL',
  'PAYMENT_ENTITY_ID',
  'PAYMENT_ACCESS_TOKEN',
  'NETWORK_BASE_URL',
  'NETWORK_API_TOKEN',
  'NETWORK_WEBHOOK_SECRET',
  'GOOGLE_ISSUER',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'FACEBOOK_ISSUER',
  'FACEBOOK_CLIENT_ID',
  'FACEBOOK_CLIENT_SECRET',
  'TWITTER_AUTHORIZATION_URL',
  'TWITTER_TOKEN_URL',
  'TWITTER_CLIENT_ID',
  'TWITTER_CLIENT_SECRET',
])

/**
 * What a staging deployment behind one load balancer runs with: production (NODE_ENV, https PUBLIC_URL, own
 * API_KEY, SEED=false) on databaseUrl with the sandboxes on, each instance on a free port, trusting the one proxy
 * hop in front (the tests and the bench play that proxy and name the client in X-Forwarded-For).
 */
export function stagingEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  const production = Object.fromEntries(Object.entries(safeProductionEnv).filter(([name]) => !providerSettings.has(name)))
  return {
    ...production,
    SANDBOX: 'true',
    DATABASE_URL: databaseUrl,
    API_KEY: apiKey,
    HOST: '127.0.0.1',
    PORT: '0',
    TRUST_PROXY: '1',
    // Customers made by the tests sign up in milliseconds instead of a 128 MiB hash each.
    SCRYPT_N: String(testScryptN),
    ...extra,
  }
}

export interface Instance {
  url: string
  run: ServedProcess
}

/**
 * Starts `count` processes of `npm run serve` in the compiled project at root, all in the same moment, and waits
 * until every one listens. If one fails to start, the others are stopped and its output is thrown.
 */
export async function startInstances(root: string, count: number, env: Record<string, string>): Promise<Instance[]> {
  const runs = Array.from({ length: count }, () => runCommand(root, serveCommand, env))
  try {
    const urls = await Promise.all(runs.map((run) => run.listening))
    return runs.map((run, i) => ({ url: urls[i]!, run }))
  } catch (error) {
    await stopInstances(runs.map((run) => ({ url: '', run })))
    throw error
  }
}

/** SIGTERM to every instance still running; resolves with their exits once all have ended (SIGKILL after 40 s). */
export async function stopInstances(instances: Instance[]): Promise<Array<{ code: number | null; signal: NodeJS.Signals | null }>> {
  return Promise.all(
    instances.map(async ({ run }) => {
      if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGTERM')
      const force = setTimeout(() => run.child.kill('SIGKILL'), 40_000)
      const exit = await run.exited
      clearTimeout(force)
      return exit
    }),
  )
}
