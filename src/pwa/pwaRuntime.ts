import { createActor, fromPromise } from 'xstate'
import { pwaMachine } from '../../machines/pwa.machine.ts'
import { recallInstallAnswers, recordInstallAnswer } from './installMemory.ts'
import { installPlatform } from './platform.ts'

/**
 * What the app's PWA side loads once the page is idle, in one chunk: its state machine (connection, update,
 * install) and the worker's registration.
 */
export { registerServiceWorker } from './register.ts'

/** The connection, update and install machine, started. */
export const startPwaActor = (online: boolean) =>
  createActor(
    pwaMachine.provide({
      actors: { recall: fromPromise(recallInstallAnswers) },
      actions: {
        recordDecline: () => recordInstallAnswer('v1.InstallOfferDeclined'),
        recordHintDismissed: () => recordInstallAnswer('v1.InstallHintDismissed'),
      },
    }),
    { input: { online, platform: installPlatform() } },
  ).start()
