import { createActor } from 'xstate'
import { pwaMachine } from '../../machines/pwa.machine.ts'

/**
 * What the app's PWA side loads once the page is idle, in one chunk: its state machine (connection, update,
 * install) and the worker's registration.
 */
export { registerServiceWorker } from './register.ts'

/** The connection, update and install machine, started. */
export const startPwaActor = (online: boolean) => createActor(pwaMachine, { input: { online } }).start()
