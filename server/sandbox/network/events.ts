import { randomUUID } from 'node:crypto'
import type { Logger } from '../../log.ts'
import { signEvent } from '../../network/signature.ts'

/** An event as the contract sends it (docs/network.md): the SIM named by ICCID, or by the service reference before it has one. */
export interface SandboxEvent {
  id: string
  type: string
  occurred_at: string
  sim: { iccid?: string; reference?: string }
  data: Record<string, unknown>
}

/** Where and how the sandbox network tells the storefront what happened, as the enabler's webhooks do. */
export interface SandboxNetworkEvents {
  /** The storefront's webhook URL. */
  url: string
  /** The secret the storefront checks the Network-Signature with. */
  secret: Buffer
  /** The transport: the storefront app's own fetch, in process. */
  send: (request: Request) => Promise<Response>
  /** An event the storefront did not take (a real enabler would retry it; the sandbox reports it). */
  onFailure: (error: unknown) => void
}

/** A new event; `id` is given when a repeat of the same happening must be the same event (the storefront keeps it once). */
export function sandboxEvent(
  type: string,
  sim: SandboxEvent['sim'],
  data: Record<string, unknown>,
  at: Date,
  id: string = `sbx-${randomUUID()}`,
): SandboxEvent {
  return { id, type, occurred_at: at.toISOString(), sim, data }
}

/**
 * Sends events signed, one after another in the order they happened across all calls (an activation before the usage
 * it reports). The promise settles when these were taken, or rejects with the first the storefront refused.
 */
export function eventSender(target: SandboxNetworkEvents | undefined, now: () => number, log?: Logger): (events: readonly SandboxEvent[]) => Promise<void> {
  let queue: Promise<unknown> = Promise.resolve()
  return (events) => {
    if (!target || events.length === 0) return Promise.resolve()
    const sent = queue.then(async () => {
      for (const event of events) {
        const body = JSON.stringify(event)
        const res = await target.send(new Request(target.url, { method: 'POST', headers: signEvent(target.secret, body, Math.floor(now() / 1000)), body }))
        await res.body?.cancel()
        if (!res.ok) throw new Error(`the storefront's network webhook answered ${res.status} to the sandbox network's ${event.type} ${event.id}`)
        log?.info({ event: event.id, type: event.type, sim: event.sim }, 'sandbox network sent an event')
      }
    })
    queue = sent.catch(() => undefined)
    return sent
  }
}
