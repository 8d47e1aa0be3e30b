import type { InstallMemory } from '../../machines/pwa.machine.ts'
import { isNewDevice } from '../lib/device.ts'
import { reportError } from '../reportError.ts'

// The answers are facts of the device's log, like the language; the store's code loads only where it holds something.

/** The longest the connection and update notices wait for the device's answers: a store that hangs leaves none. */
const RECALL_BUDGET_MS = 3000

/** The customer's earlier answers to the install offer, or null when the device cannot say in time; a new device has none, and needs no store to say so. */
export function recallInstallAnswers(): Promise<InstallMemory | null> {
  const budget = new Promise<null>((resolve) => setTimeout(() => resolve(null), RECALL_BUDGET_MS))
  return Promise.race([read().catch(() => null), budget])
}

async function read(): Promise<InstallMemory> {
  const readAt = Date.now()
  if (await isNewDevice()) return { declinedAt: null, hintDismissed: false, readAt }
  const [{ openStore }, { readInstallAnswers }] = await Promise.all([import('../store/db.ts'), import('../store/queries.ts')])
  await openStore()
  const { declinedAt, hintDismissed } = await readInstallAnswers()
  return { declinedAt: declinedAt === null ? null : Date.parse(declinedAt), hintDismissed, readAt }
}

/** Keeps an answer on the device; one that cannot be kept still holds for this visit. */
export function recordInstallAnswer(type: 'v1.InstallOfferDeclined' | 'v1.InstallHintDismissed'): void {
  void (async () => {
    const [{ commit }, { makeFact }, { stampNow }] = await Promise.all([import('../store/commit.ts'), import('../domain/events.ts'), import('../lib/ids.ts')])
    await commit(makeFact(type, {}, stampNow()))
  })().catch((error: unknown) => reportError(error, 'install answer'))
}
