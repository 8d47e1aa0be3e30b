import { pwaMachine } from '../../machines/pwa.machine.ts'
import { recordInstallAnswer } from './installMemory.ts'

/** The connection, update and install machine with the page's effects: the customer's install answers kept on the device. */
export function providePwa() {
  return pwaMachine.provide({
    actions: {
      recordDecline: () => recordInstallAnswer('v1.InstallOfferDeclined'),
      recordHintDismissed: () => recordInstallAnswer('v1.InstallHintDismissed'),
    },
  })
}
