import { ProfileEditInputSchema, profileEditEventSchemas } from '../../../../machines/profileEdit.events.ts'
import type { SaveOutcome } from '../../../../machines/profileEdit.machine.ts'
import { profileEditMachine } from '../../../../machines/profileEdit.machine.ts'
import { refusedOrLost, requestEmailChange, sendAccountEdit } from '../../../api/accountEdits.ts'
import type { EmailChange } from '../../../domain/profile.ts'
import { profileValuesOf } from '../../../domain/profileForm.ts'
import { serverMessages } from '../../../domain/serverMessages.ts'
import { accountEditOutbox } from '../../../features/account/profile/accountEditQueue.ts'
import { provideProfileEdit } from '../../../features/account/profile/profileEditEffects.ts'
import { labCustomer } from '../fakes.ts'
import type { LabMachine } from '../labMachine.ts'
import { labPorts, labUi } from '../labPorts.ts'

const current = () => profileValuesOf(labCustomer())

/** Update Profile: the edit saved by the sandbox server or a fake; the facts it writes go to the lab log. */
export const profileEditLab: LabMachine = {
  id: 'profileEdit',
  machine: profileEditMachine,
  modes: ['succeeds', 'offline', 'refused', 'server500', 'sandbox'],
  input: {
    schema: ProfileEditInputSchema,
    presets: {
      editing: () => ({ current: current() }),
      refusedEdit: () => ({
        current: current(),
        draft: { ...current(), email: 'demo@storefront.co.za' },
        refusal: { reason: serverMessages.tooManyEmailChanges, field: 'email', editId: null },
      }),
    },
  },
  events: [
    { type: 'profile.field.set', schema: profileEditEventSchemas['profile.field.set'], template: () => ({ field: 'first_name', value: '' }) },
    { type: 'profile.save', schema: profileEditEventSchemas['profile.save'] },
    { type: 'profile.cancel', schema: profileEditEventSchemas['profile.cancel'] },
    {
      type: 'profile.sent',
      schema: profileEditEventSchemas['profile.sent'],
      template: (context: { outcome: SaveOutcome | null }) => ({ editId: context.outcome?.editId ?? '' }),
    },
    {
      type: 'profile.refused',
      schema: profileEditEventSchemas['profile.refused'],
      template: (context: { outcome: SaveOutcome | null }) => ({
        reason: 'Phone number must be 10 digits.',
        field: 'phone',
        editId: context.outcome?.editId ?? null,
      }),
    },
  ],
  provide: (mode, io) => {
    // An edit goes out at once, through the app's own outbox kind, to the sandbox server or a fake that saves it.
    const send: typeof sendAccountEdit = (userId, request) =>
      lab
        .answer(
          () => sendAccountEdit(userId, request),
          () => ({ kind: 'saved' as const, user: labCustomer(request.edit.kind === 'profile' ? request.edit.profile : {}) }),
        )
        .catch(refusedOrLost)
    // refused: the server's answer to too many confirmation links.
    const changeEmail = (userId: number, change: EmailChange) =>
      mode === 'refused'
        ? io.delay().then(() => ({ kind: 'refused' as const, status: 429, error: serverMessages.tooManyEmailChanges, issues: [] }))
        : lab
            .answer(
              () => requestEmailChange(userId, change),
              () => ({ kind: 'requested' as const, user: labCustomer({ pending_email: change.email }) }),
            )
            .catch(refusedOrLost)
    const lab = labPorts(mode, io, [accountEditOutbox(send)])
    return provideProfileEdit({ ...lab, api: { requestEmailChange: changeEmail }, ui: labUi({ onDismissed: () => undefined }) })
  },
}
