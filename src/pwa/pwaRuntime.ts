import { createActor } from 'xstate'
import { recallInstallAnswers, recordInstallAnswer } from './installMemory.ts'
import { providePwa } from './pwaEffects.ts'
import { installPlatform } from './platform.ts'
import { nextTask } from '../lib/idle.ts'

/**
 * What the app's PWA side loads once the page is idle, in one chunk: its state machine (connection, update,
 * install) and the worker's registration.
 */
export { registerServiceWorker } from './register.ts'

/** The connection, update and install machine, started once the device has said what it remembers of the install offer. */
export async function startPwaActor(online: boolean) {
  const memory = await recallInstallAnswers()
  // Its chunk's evaluation and the machine's first state are two tasks, not one long one.
  await nextTask()
  return createActor(providePwa({ record: recordInstallAnswer }), { input: { online, platform: installPlatform(), memory } }).start()
}
