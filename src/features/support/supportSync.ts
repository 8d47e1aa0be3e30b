import { t } from '@lingui/core/macro'
import { getSession, whenSessionKnown } from '../../lib/session.ts'
import { toast } from '../../lib/toaster.ts'
import { drainSupport, type SupportOutcome } from './supportQueue.ts'

let timer: ReturnType<typeof setTimeout> | undefined
let started = false

const signedInId = (): number | null => {
  const session = getSession()
  return session.status === 'customer' ? session.customer.id : null
}

/** A message that waited and then went out is announced to its own customer only (another may be signed in now). */
function announce(outcomes: readonly SupportOutcome[]): void {
  const me = signedInId()
  for (const outcome of outcomes) {
    if (outcome.kind !== 'sent' || !outcome.waited || outcome.customerId !== me) continue
    const reference = outcome.reference
    toast.success(t`Your support message was sent. Your reference is ${reference}.`, 4000)
  }
}

/** Drains the queued support messages now and schedules the next retry. */
export async function drainSupportNow(force = false): Promise<SupportOutcome[]> {
  const { outcomes, wakeAt } = await drainSupport({ force, signedIn: signedInId() })
  announce(outcomes)
  if (timer) clearTimeout(timer)
  timer = wakeAt === null ? undefined : setTimeout(() => void drainSupportNow().catch(() => undefined), Math.max(0, wakeAt - Date.now()))
  return outcomes
}

/** At boot, like the order queue: drain once the session is known (messages left by an earlier visit) and whenever the connection returns. */
export function startSupportSync(): void {
  if (started) return
  started = true
  // After the session check, so a message goes with its own customer's cookie when they are the one signed in;
  // also when the connection returns, when the app may be checking the session again at that very moment.
  const drainWhenKnown = () => void whenSessionKnown().then(() => drainSupportNow(true)).catch(() => undefined)
  drainWhenKnown()
  window.addEventListener('online', drainWhenKnown)
}
