import type { InstallMemory } from '../../machines/pwa.machine.ts'
import { isNewDevice } from '../lib/device.ts'
import { reportError } from '../reportError.ts'

// The answers are facts of the device's log, like the language; the store's code loads only where it holds something.

/** Reads the customer's earlier answers to the install offer; a new device has none, and needs no store to say so. */
export async function recallInstallAnswers(): Promise<InstallMemory> {
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
