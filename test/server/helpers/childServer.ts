import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { repoRoot } from '../../../server/paths.ts'
import type { StartOptions } from '../../../server/server.ts'
import { call, sessionCookie, signupBody } from './accounts.ts'
import { orderBody } from './orders.ts'

const entry = fileURLToPath(new URL('./serverProcess.ts', import.meta.url))

export interface ChildServer {
  url: string
  child: ChildProcess
  /** SIGTERM (a clean shutdown that releases the data directory), SIGKILL if it hangs. */
  stop(): Promise<void>
  /** SIGKILL: the process dies at once, leaving whatever it held behind. */
  kill(): Promise<void>
}

const exited = (child: ChildProcess) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit').then(() => {}))

/** The real server in its own Node process (a crash must not take the test or the load generator with it). */
export const spawnServer = (options: StartOptions, timeoutMs?: number): Promise<ChildServer> => spawnEntry(entry, JSON.stringify(options), timeoutMs)

/** Runs a TypeScript entry that prints `{"url": ...}` on a line of its own once it listens. */
export async function spawnEntry(script: string, argument: string, timeoutMs = 60_000): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, argument], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${script} did not start within ${timeoutMs} ms\n${stderr}`))
    }, timeoutMs)
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{"url"')) return
      clearTimeout(timer)
      resolve((JSON.parse(line) as { url: string }).url)
    })
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`${script} exited (${signal ?? code}) before listening\n${stderr}`))
    })
  })
  const end = async (signal: NodeJS.Signals) => {
    const done = exited(child)
    child.kill(signal)
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    await done
    clearTimeout(force)
  }
  return { url, child, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') }
}

/** Signs a fresh customer up over HTTP; their id and the `sid=...` cookie for later requests. */
export async function signUpAt(url: string): Promise<{ id: number; cookie: string }> {
  const res = await fetch(`${url}/api/v2/users`, call('POST', signupBody()))
  if (res.status !== 201) throw new Error(`sign-up failed with ${res.status}: ${await res.text()}`)
  const { user } = (await res.json()) as { user: { id: number } }
  const cookie = sessionCookie(res)
  if (!cookie) throw new Error('sign-up set no session cookie')
  return { id: user.id, cookie }
}

/** Signs a fresh customer up, places an order (the seeded catalogue's first product) and starts its card checkout, whose answer is left in flight. */
export async function startCheckoutAt(url: string, signal?: AbortSignal): Promise<{ answer: Promise<Response> }> {
  const me = await signUpAt(url)
  const body = orderBody()
  const init = call('POST', body, { cookie: me.cookie })
  const placed = await fetch(`${url}/api/v10/partner/order/${me.id}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), 'Idempotency-Key': body.order.id },
  })
  if (placed.status !== 200) throw new Error(`order failed with ${placed.status}: ${await placed.text()}`)
  const order = (await placed.json()) as { id: number }
  const answer = fetch(`${url}/api/v2/billing/partner/checkout/${me.id}`, {
    ...call('POST', { payment: { orderId: order.id } }, { cookie: me.cookie }),
    ...(signal ? { signal } : {}),
  })
  // Handled here too, so a test that expects the request to be cut off sees no unhandled rejection before it looks.
  answer.catch(() => {})
  return { answer }
}
