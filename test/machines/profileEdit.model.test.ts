import { describe, expect } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { profileEditMachine, type ProfileEditContext, type ProfileEditEvent, type SaveOutcome } from '../../machines/profileEdit.machine.ts'
import { profileChanges, profileFormErrors, type ProfileValues } from '../../src/domain/profileForm.ts'
import { done, expectStep, failed, machineModel, modelTests, type Effect, type Expected, type Step } from './model.ts'

/**
 * Update Profile as a model: the customer changes the first name and the email (which asks for the current
 * password), spoils the phone, saves and cancels; the save effect answers "sent", "waiting for the connection" or a
 * refusal, and the outbox's later answer to a waiting edit comes back as an event. It starts fresh, or reopened on a
 * refused edit after a reload. Its effects are the announcement and the dismissal of a refusal, checked with their params.
 */

type SetField = Extract<ProfileEditEvent, { type: 'profile.field.set' }>
type Snapshot = AnyMachineSnapshot & { value: string; context: ProfileEditContext }

const current: ProfileValues = { first_name: 'Thandi', last_name: 'Nkosi', email: 'thandi@example.co.za', mobile: '', phone: '0211234567' }
const refusedBefore = {
  current,
  draft: { ...current, phone: '021' },
  refusal: { reason: 'Phone number must be 10 digits.', field: 'phone', editId: 'edit-0' },
}

const set = (field: SetField['field'], value: string) => ({ type: 'profile.field.set', field, value }) as EventObject
/** What the customer types, in screen order: each is offered once its field does not hold it yet. */
const script = [set('first_name', 'Thandeka'), set('email', 'thandeka@example.co.za'), set('current_password', 'Secret#123')]
const spoil = set('phone', '021')
const mend = set('phone', current.phone)

const sent: SaveOutcome = { editId: 'edit-1', queued: false, pendingEmail: null }
const waiting: SaveOutcome = { editId: 'edit-1', queued: true, pendingEmail: null }
const taken = { reason: 'An account with this email already exists.', field: 'email', editId: null }

/** What the outbox says of a waiting edit: this edit sent, another one sent, this edit refused. */
const outboxAnswers: ProfileEditEvent[] = [
  { type: 'profile.sent', editId: 'edit-1' },
  { type: 'profile.sent', editId: 'someone-else' },
  { type: 'profile.refused', reason: 'Phone number must be 10 digits.', field: 'phone', editId: 'edit-1' },
]

const events: EventObject[] = [
  ...script,
  spoil,
  mend,
  { type: 'profile.save' },
  { type: 'profile.cancel' },
  done('profileEdit', 'saving', sent),
  done('profileEdit', 'saving', waiting),
  failed('profileEdit', 'saving', taken),
  ...outboxAnswers,
]

const typing = (value: string) => value === 'editing' || value === 'refused'
const fieldOf = (c: ProfileEditContext, field: string) => (field === 'current_password' ? c.password : c.values[field as keyof ProfileValues])

/** A set is followed only where the form is on screen and only when it changes the field; once while saving, to see it ignored. */
function follow(snapshot: Snapshot, event: EventObject): boolean {
  if (event.type !== 'profile.field.set') return true
  const { field, value } = event as SetField
  if (snapshot.value === 'saving') return event === spoil
  return typing(snapshot.value) && fieldOf(snapshot.context, field) !== value
}

/** Simple paths type the script in order, spoil the phone only before typing, and save or cancel once typing is done or not begun. */
function followSimple(snapshot: Snapshot, event: EventObject): boolean {
  const { value, context } = snapshot
  if (!follow(snapshot, event)) return false
  const next = script.find((e) => fieldOf(context, (e as SetField).field) !== (e as SetField).value)
  const begun = next !== script[0]
  if (event.type === 'profile.field.set' && typing(value)) return event === next || ((event === spoil || event === mend) && !begun)
  if ((event.type === 'profile.save' || event.type === 'profile.cancel') && typing(value)) return next === undefined || !begun
  return true
}

const valid = (c: ProfileEditContext) => Object.keys(profileFormErrors(c.current, c.values, c.password)).length === 0
const unchanged = (c: ProfileEditContext) => {
  const changes = profileChanges(c.current, c.values, c.password)
  return changes.profile === null && changes.email === null
}
const refusedWith = (c: ProfileEditContext, refusal: { reason: string; field: string | null; editId: string | null }) => ({
  ...c,
  refusal,
  errors: refusal.field ? { ...c.errors, [refusal.field]: refusal.reason } : c.errors,
})

/** Where each step must land, what it leaves in the context and which effects it asks for. */
function expected({ before, event }: Step<Snapshot>): Expected {
  const c = before.context
  const stay = { value: before.value, context: c, effects: [] as Effect[] }
  // Leaving the refused form dismisses its refusal, whichever way it is left.
  const leaving: Effect[] = before.value === 'refused' ? [{ type: 'dismissRefusal', params: { editId: c.refusal?.editId ?? null } }] : []
  switch (event.type) {
    case 'profile.field.set': {
      if (!typing(before.value)) return stay
      const { field, value } = event as SetField
      const { [field]: _fixed, ...errors } = c.errors
      return { ...stay, context: field === 'current_password' ? { ...c, password: value, errors } : { ...c, values: { ...c.values, [field]: value }, errors } }
    }
    case 'profile.save':
      if (!typing(before.value)) return stay
      if (!valid(c)) return { ...stay, context: { ...c, errors: profileFormErrors(c.current, c.values, c.password) } }
      if (unchanged(c)) return { value: 'closed', context: c, effects: leaving }
      return { value: 'saving', context: { ...c, errors: {}, refusal: null }, effects: leaving }
    case 'profile.cancel':
      return typing(before.value) ? { value: 'closed', context: c, effects: leaving } : stay
    case 'xstate.done.actor.0.profileEdit.saving': {
      if (before.value !== 'saving') return stay
      const outcome = (event as unknown as { output: SaveOutcome }).output
      return {
        value: outcome.queued ? 'queued' : 'saved',
        context: { ...c, outcome, password: '' },
        effects: [{ type: 'announceSaved', params: { outcome } }],
      }
    }
    case 'xstate.error.actor.0.profileEdit.saving':
      return before.value === 'saving' ? { value: 'refused', context: refusedWith(c, taken), effects: [] } : stay
    case 'profile.sent':
      return before.value === 'queued' && (event as unknown as { editId: string }).editId === c.outcome?.editId
        ? { value: 'saved', context: c, effects: [] }
        : stay
    case 'profile.refused': {
      if (before.value !== 'queued') return stay
      const { reason, field, editId } = event as unknown as Extract<ProfileEditEvent, { type: 'profile.refused' }>
      return { value: 'refused', context: refusedWith(c, { reason, field, editId }), effects: [] }
    }
    default:
      return stay
  }
}

function check(step: Step<Snapshot>): void {
  expectStep(step, expected(step))
  // The password typed for an email change is forgotten once the save is made.
  if (step.after.value === 'saved' || step.after.value === 'queued') expect(step.after.context.password).toBe('')
  // A refused form always keeps what was typed.
  if (step.after.value === 'refused' && step.before.value !== 'refused') expect(step.after.context.values).toEqual(step.before.context.values)
}

const model = machineModel({
  machine: profileEditMachine,
  inputs: [{ current }, refusedBefore],
  events,
  check: check as never,
  follow: follow as never,
  followSimple: followSimple as never,
  mustAccept: {
    editing: ['profile.field.set', 'profile.save', 'profile.cancel'],
    saving: [],
    queued: ['profile.sent', 'profile.refused'],
    refused: ['profile.field.set', 'profile.save', 'profile.cancel'],
    saved: [],
    closed: [],
  },
})

describe('the profile edit machine as a model', () => {
  modelTests(model)
})
