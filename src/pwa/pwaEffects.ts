import { pwaMachine } from '../../machines/pwa.machine.ts'
import type { recordInstallAnswer } from './installMemory.ts'

/** What the pwa machine's effects touch: where the customer's install answers are kept (the device's log in the app). */
export interface PwaPorts {
  record: typeof recordInstallAnswer
}

/** The connection, update and install machine with its effects: the customer's install answers kept on the device. */
export function providePwa({ record }: PwaPorts) {
  return pwaMachine.provide({
    actions: {
      recordDecline: () => record('v1.InstallOfferDeclined'),
      recordHintDismissed: () => record('v1.InstallHintDismissed'),
    },
  })
}
