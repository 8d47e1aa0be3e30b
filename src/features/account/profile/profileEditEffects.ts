import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { fromPromise } from 'xstate'
import { profileEditMachine } from '../../../../machines/profileEdit.machine.ts'
import type { ProfileChanges } from '../../../domain/profileForm.ts'
import type { FactStore, Toasts } from '../../../lib/ports.ts'
import { dismissRefusal } from './accountEditQueue.ts'
import { type ProfileSavePorts, saveProfile } from './profileSave.ts'

const saved = msg`Your profile was updated.`
const queued = msg`Saved on this device. It will be sent when you are back online.`

/** What the effects need from the card that runs the machine, read when they run. */
export interface ProfileEditUi {
  i18n: I18n
  /** A refused edit was put away or typed again: it must not reopen. */
  onDismissed: (editId: string) => void
}

/** What the profile edit effects touch: the app passes its own (ProfileEditor), the lab its own. */
export interface ProfileEditPorts extends Omit<ProfileSavePorts, 'store'> {
  customerId: () => number
  store: Pick<FactStore, 'commit' | 'commitWithOutbox'>
  toast: Toasts
  ui: { readonly current: ProfileEditUi }
}

/** The profile edit machine with its effects: the save through the outbox, the refusal put away, the toaster. */
export function provideProfileEdit(ports: ProfileEditPorts) {
  const { customerId, store, toast, ui } = ports
  return profileEditMachine.provide({
    actors: {
      save: fromPromise<Awaited<ReturnType<typeof saveProfile>>, ProfileChanges>(({ input: changes }) => saveProfile(customerId(), changes, ports)),
    },
    actions: {
      announceSaved: (_, { outcome }) => {
        if (outcome.editId !== null && outcome.queued) toast.show(ui.current.i18n._(queued), 4000)
        else if (outcome.editId !== null) toast.success(ui.current.i18n._(saved), 4000)
        const pending = outcome.pendingEmail
        if (pending) toast.success(ui.current.i18n._(msg`We sent a link to ${pending}. Your email changes once you follow it.`), 6000)
      },
      dismissRefusal: (_, { editId }) => {
        if (editId === null) return
        ui.current.onDismissed(editId)
        void dismissRefusal(editId, store)
      },
    },
  })
}
