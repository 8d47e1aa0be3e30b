import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { fromPromise } from 'xstate'
import { simRenameMachine } from '../../../../machines/simRename.machine.ts'
import { toast } from '../../../lib/toaster.ts'
import { sendNow } from '../../../outbox/outbox.ts'
import { queueSimName, SIM_RENAME } from './simRenameQueue.ts'

const saved = msg`SIM name saved.`
const savedOffline = msg`SIM name saved on this phone. It is sent to your account when you are back online.`
const notSaved = msg`The name could not be saved on this phone. Please try again.`

/** The simRename machine with the app's effects: its save writes the fact and the outbox row, then sends it when it can. */
export function provideSimRename(customerId: number, ui: { current: I18n }) {
  return simRenameMachine.provide({
    actors: {
      save: fromPromise(async ({ input }) => {
        await queueSimName(customerId, input.serviceId, input.name)
        void sendNow(SIM_RENAME).catch(() => undefined)
      }),
    },
    actions: {
      announceSaved: () => (navigator.onLine ? toast.success(ui.current._(saved)) : toast.success(ui.current._(savedOffline), 4000)),
      announceNotSaved: () => toast.error(ui.current._(notSaved), 3000),
    },
  })
}
