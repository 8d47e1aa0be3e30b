import { useRef } from 'react'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { simRenameMachine } from '../../../../machines/simRename.machine.ts'
import { toast } from '../../../lib/toaster.ts'
import type { SimRenameActor } from './RenameDialog.tsx'
import { sendNow } from '../../../outbox/outbox.ts'
import { queueSimName, SIM_RENAME } from './simRenameQueue.ts'

const saved = msg`SIM name saved.`
const savedOffline = msg`SIM name saved on this phone. It is sent to your account when you are back online.`
const notSaved = msg`The name could not be saved on this phone. Please try again.`

/** Update Sim Name on one SIM: the simRename machine, its save writing the fact and the outbox row. */
export function useSimRename(customerId: number, serviceId: number): SimRenameActor {
  const { i18n } = useLingui()
  const ui = useRef(i18n)
  ui.current = i18n
  return useActorRef(
    simRenameMachine.provide({
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
    }),
    { input: { serviceId } },
  )
}
