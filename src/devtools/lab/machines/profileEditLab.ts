import { fromPromise } from 'xstate'
import { ProfileEditInputSchema, profileEditEventSchemas } from '../../../../machines/profileEdit.events.ts'
import { profileEditMachine, type SaveOutcome } from '../../../../machines/profileEdit.machine.ts'
import { requestEmailChange, sendAccountEdit } from '../../../api/accountEdits.ts'
import { editFact } from '../../../domain/accountEdits.ts'
import { makeFact } from '../../../domain/events.ts'
import { EMAIL_NEEDS_CONNECTION } from '../../../domain/profile.ts'
import { profileValuesOf, type ProfileChanges } from '../../../domain/profileForm.ts'
import { serverMessages } from '../../../domain/serverMessages.ts'
import { newId, stampNow } from '../../../lib/ids.ts'
import { failureOf, labCustomer, sandboxCustomerId } from '../fakes.ts'
import type { EffectMode, LabIo, LabMachine } from '../labMachine.ts'

const current = () => profileValuesOf(labCustomer())

/** The real effect against the sandbox server, as the signed-in storefront customer: the edit sent at once, never queued. */
async function saveToSandbox(changes: ProfileChanges, io: LabIo): Promise<SaveOutcome> {
  const customerId = sandboxCustomerId()
  let editId: string | null = null
  if (changes.profile) {
    editId = newId()
    const edit = { kind: 'profile', profile: changes.profile } as const
    io.write(editFact(customerId, edit, { id: editId, occurredAt: new Date().toISOString() }))
    const result = await sendAccountEdit(customerId, { id: editId, edit })
    if (result.kind === 'no-answer') return { editId, queued: true, pendingEmail: null }
    if (result.kind === 'refused') throw { reason: result.error, field: result.issues[0]?.path ?? null, editId }
    io.write(makeFact('v1.AccountEditAcknowledged', { editId, user: result.user }, stampNow()))
  }
  if (!changes.email) return { editId, queued: false, pendingEmail: null }
  const asked = await requestEmailChange(customerId, changes.email)
  if (asked.kind !== 'requested') throw { reason: asked.error, field: 'email', editId: null }
  return { editId, queued: false, pendingEmail: asked.user.pending_email ?? null }
}

/** What each fake answers: saved, waiting for the connection (offline, a 5xx), or refused as too many confirmation links. */
async function fakeSave(mode: EffectMode, changes: ProfileChanges, io: LabIo): Promise<SaveOutcome> {
  await io.delay()
  if (mode === 'refused') throw { reason: serverMessages.tooManyEmailChanges, field: 'email', editId: null }
  const editId = changes.profile ? newId() : null
  if (editId && changes.profile)
    io.write(editFact(labCustomer().id, { kind: 'profile', profile: changes.profile }, { id: editId, occurredAt: new Date().toISOString() }))
  if (failureOf(mode)) {
    if (changes.email) throw { reason: EMAIL_NEEDS_CONNECTION, field: 'email', editId: null }
    return { editId, queued: true, pendingEmail: null }
  }
  if (editId && changes.profile)
    io.write(
      makeFact(
        'v1.AccountEditAcknowledged',
        { editId, user: labCustomer({ ...changes.profile, ...(changes.email ? { pending_email: changes.email.email } : {}) }) },
        stampNow(),
      ),
    )
  return { editId, queued: false, pendingEmail: changes.email?.email ?? null }
}

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
  provide: (mode, io) =>
    profileEditMachine.provide({
      actors: { save: fromPromise<SaveOutcome, ProfileChanges>(({ input }) => (mode === 'sandbox' ? saveToSandbox(input, io) : fakeSave(mode, input, io))) },
      actions: {
        announceSaved: () => {},
        dismissRefusal: (_, { editId }) => {
          if (editId !== null) io.write(makeFact('v1.AccountRefusalDismissed', { editId }, stampNow()))
        },
      },
    }),
}
