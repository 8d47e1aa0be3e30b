import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import type { ScryptOptions } from 'node:crypto'
import { availableParallelism } from 'node:os'

/** OWASP's scrypt floor: N=2^17, r=8, p=1. Tests may lower N through SCRYPT_N; stored hashes keep their own. */
export const defaultScryptN = 2 ** 17
const r = 8
const p = 1
const saltBytes = 16
const keyBytes = 64
// 128 * N * r bytes are needed; Node's 32 MiB default refuses N=2^17.
const maxmem = 256 * 1024 * 1024

/** Refused at once: the holder already has a task waiting or running in the gate. */
export class GatePlaceTaken extends Error {
  constructor(holder: string) {
    super(`${holder} already holds a place in the hashing queue`)
    this.name = 'GatePlaceTaken'
  }
}

/**
 * Runs at most `max` tasks at once; the rest wait their turn in the order they came. A task run for a `holder` (a
 * signed-in customer) is refused with GatePlaceTaken while that holder has another waiting or running, so one
 * customer holds at most one place in the line however many requests they send.
 */
export interface Gate {
  run<T>(task: () => Promise<T>, holder?: string): Promise<T>
  /** Whether the holder has a task waiting or running now: a request can be refused before it costs anything. */
  holds(holder: string): boolean
  /** Tasks running now, tasks waiting for a slot, and tasks started since the gate was made. */
  readonly running: number
  readonly waiting: number
  readonly started: number
}

export function concurrencyGate(max: number): Gate {
  const waiting: (() => void)[] = []
  const holders = new Set<string>()
  let running = 0
  let started = 0
  const leave = () => {
    const next = waiting.shift()
    // The slot passes straight to the next in line, so a newcomer never overtakes it.
    if (next) next()
    else running--
  }
  return {
    async run(task, holder) {
      if (holder !== undefined) {
        if (holders.has(holder)) throw new GatePlaceTaken(holder)
        holders.add(holder)
      }
      try {
        if (running < max) running++
        else await new Promise<void>((turn) => waiting.push(turn))
        started++
        try {
          return await task()
        } finally {
          leave()
        }
      } finally {
        if (holder !== undefined) holders.delete(holder)
      }
    },
    holds: (holder) => holders.has(holder),
    get running() {
      return running
    },
    get waiting() {
      return waiting.length
    },
    get started() {
      return started
    },
  }
}

/**
 * Every scrypt of the process (sign-up, sign-in, change, reset) passes this gate: one per core at a time, each holding
 * 128 MiB, so a burst waits in line instead of starving every other sign-in of the thread pool and of memory.
 */
export const scryptGate = concurrencyGate(Math.max(1, availableParallelism()))

// The callback form runs on libuv's thread pool, so hashing never blocks the event loop.
const derive = (password: string, salt: Buffer, length: number, options: ScryptOptions, holder?: string) =>
  scryptGate.run(
    () => new Promise<Buffer>((done, fail) => scrypt(password.normalize('NFC'), salt, length, options, (err, key) => (err ? fail(err) : done(key)))),
    holder,
  )

/** The gate's holder for hashing done for a signed-in customer: one place in the line per customer. */
export const customerHolder = (customerId: number): string => `customer:${customerId}`

/** `scrypt$N$r$p$salt$hash` with base64url salt and hash; `holder` names the signed-in customer it is hashed for. */
export async function hashPassword(password: string, N = defaultScryptN, holder?: string): Promise<string> {
  const salt = randomBytes(saltBytes)
  const key = await derive(password, salt, keyBytes, { N, r, p, maxmem }, holder)
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

const format = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/

/** True when password matches stored; a malformed stored value never matches. */
export async function verifyPassword(password: string, stored: string, holder?: string): Promise<boolean> {
  const m = format.exec(stored)
  if (!m) return false
  const [N, rr, pp] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const expected = Buffer.from(m[5] ?? '', 'base64url')
  if (expected.length === 0) return false
  const key = await derive(password, Buffer.from(m[4] ?? '', 'base64url'), expected.length, { N, r: rr, p: pp, maxmem }, holder)
  return timingSafeEqual(key, expected)
}

/** The hash of a random password nobody knows: an account that keeps it can be entered only by its mailbox or a provider. */
export const unusablePasswordHash = (N = defaultScryptN): Promise<string> => hashPassword(randomBytes(32).toString('base64url'), N)
