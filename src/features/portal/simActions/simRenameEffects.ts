import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { fromPromise } from 'xstate'
import { simRenameMachine } from '../../../../machines/simRename.machine.ts'
import type { FactStore, Online, OutboxPort, Toasts } from '../../../lib/ports.ts'
import { queueSimName, SIM_RENAME } from './simRenameQueue.ts'

const saved = msg`SIM name saved.`
const savedOffline = msg`SIM name saved on this phone. It is sent to your account when you are back online.`
const notSaved = msg`The name could not be saved on this phone. Please try again.`

/** What the simRename effects touch: the app passes the device's (src/lib/devicePorts.ts), the lab its own. */
export interface SimRenamePorts {
  /** Whose SIM it is: the rename is queued for this customer's session only. */
  customerId: () => number
  store: Pick<FactStore, 'commitWithOutbox'>
  outbox: OutboxPort
  toast: Toasts
  online: Online
  /** The language the page shows now, read when a toast is made. */
  i18n: { readonly current: I18n }
}

/** The simRename machine with its effects: its save writes the fact and the outbox row, then sends it when it can. */
export function provideSimRename({ customerId, store, outbox, toast, online, i18n }: SimRenamePorts) {
  return simRenameMachine.provide({
    actors: {
      save: fromPromise(async ({ input }) => {
        await queueSimName(customerId(), input.serviceId, input.name, store)
        void outbox.sendNow(SIM_RENAME).catch(() => undefined)
      }),
    },
    actions: {
      announceSaved: () => (online() ? toast.success(i18n.current._(saved)) : toast.success(i18n.current._(savedOffline), 4000)),
      announceNotSaved: () => toast.error(i18n.current._(notSaved), 3000),
    },
  })
}
