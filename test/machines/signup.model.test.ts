import { describe, expect } from 'vitest'
import type { EventObject } from 'xstate'
import { signupMachine, type SignupContext, type SignupEvent } from '../../machines/signup.machine.ts'
import { AddressSchema, PersonalSchema } from '../../src/domain/account.ts'
import { ADDRESS_FIELDS, isPersonalField, PERSONAL_FIELDS } from '../../src/domain/accountForm.ts'
import { fieldErrors } from '../../src/domain/fieldErrors.ts'
import { customer } from './authHarness.ts'
import { done, expectStep, failed, machineModel, modelTests, type Expected, type Step } from './model.ts'

/**
 * The sign-up wizard as a model: the customer types each field in screen order, spoils the email (on either step:
 * the wizard takes any field at any time), presses Next, Back and Submit, and the account creation answers or fails.
 * The wizard writes no fact of its own: its effects are the announcements that sign the new customer in or show the
 * server's error, asserted with their params at each step.
 */

type SetField = Extract<SignupEvent, { type: 'signup.field.set' }>
const typed: Record<string, string> = {
  first_name: 'Thandi',
  last_name: 'Nkosi',
  id_number: '9001015009086',
  email: 'thandi@example.co.za',
  password: 'Secret#123',
  confirm_password: 'Secret#123',
  phone: '0211234567',
  street_number: '12',
  street_name: 'Long Street',
  city: 'Cape Town',
  province: 'Western Cape',
  postal_code: '8001',
}
const user = customer()
const taken = new Error('An account with this email already exists.')
const set = (field: string, value: string) => ({ type: 'signup.field.set', field: field as SetField['field'], value }) as EventObject
const spoil = set('email', 'thandi@')

const events: EventObject[] = [
  ...Object.entries(typed).map(([field, value]) => set(field, value)),
  spoil,
  { type: 'signup.next' },
  { type: 'signup.back' },
  { type: 'signup.submit' },
  done('signup', 'submitting', user),
  failed('signup', 'submitting', taken),
]

type Snapshot = { value: unknown; context: SignupContext; status: string }
const fieldValue = (context: SignupContext, field: string) =>
  isPersonalField(field) ? context.personal[field] : context.address[field as (typeof ADDRESS_FIELDS)[number]]
const nextToType = (context: SignupContext, fields: readonly string[]) => fields.find((f) => f in typed && fieldValue(context, f) !== typed[f])

/** The customer types the fields of the step on screen in order; spoils the email once it is right; types once while sending. */
function follow({ value, context }: Snapshot, event: EventObject): boolean {
  if (event.type !== 'signup.field.set') return true
  const { field, value: text } = event as SetField
  if (event === spoil) return value !== 'submitting' && context.personal.email === typed.email
  if (value === 'submitting') return field === 'city'
  return field === nextToType(context, value === 'personal' ? PERSONAL_FIELDS : ADDRESS_FIELDS) && text === typed[field]
}

const isEmpty = (values: Record<string, string>) => Object.values(values).every((v) => v === '')

/**
 * Simple paths multiply with every branch: they type a step through once begun, press Next or Submit on bad input
 * only on an empty step, and spoil the email only on the address step, where it matters most. The edges cover the rest.
 */
function followSimple(snapshot: Snapshot, event: EventObject): boolean {
  const { value, context } = snapshot
  const values = value === 'personal' ? context.personal : context.address
  const typing = value !== 'submitting' && !isEmpty(values) && nextToType(context, value === 'personal' ? PERSONAL_FIELDS : ADDRESS_FIELDS) !== undefined
  if (typing) return event.type === 'signup.field.set' && event !== spoil && follow(snapshot, event)
  if (event === spoil) return value === 'address' && follow(snapshot, event)
  if (event.type === 'signup.next' && value === 'personal') return personalValid(context) || isEmpty(context.personal)
  if (event.type === 'signup.submit' && value === 'address') return addressValid(context) || isEmpty(context.address)
  return follow(snapshot, event)
}

const personalValid = (c: SignupContext) => Object.keys(fieldErrors(PersonalSchema, c.personal)).length === 0
const addressValid = (c: SignupContext) => Object.keys(fieldErrors(AddressSchema, c.address)).length === 0

/** Where each step must land and what it must leave in the context; announcements are its only effects. */
function expected({ before, event }: Step<Snapshot>): Expected {
  const c = before.context
  const stay = { value: before.value, context: c, effects: [] }
  const cleared = { ...c, errors: {}, serverError: null }
  switch (event.type) {
    case 'signup.field.set': {
      if (before.value === 'submitting') return stay
      const { field, value } = event as SetField
      const { [field]: _fixed, ...errors } = c.errors
      const edited = isPersonalField(field) ? { personal: { ...c.personal, [field]: value } } : { address: { ...c.address, [field]: value } }
      return { ...stay, context: { ...c, ...edited, errors } }
    }
    case 'signup.next':
      if (before.value !== 'personal') return stay
      return personalValid(c)
        ? { value: 'address', context: cleared, effects: [] }
        : { ...stay, context: { ...c, errors: fieldErrors(PersonalSchema, c.personal) } }
    case 'signup.back':
      return before.value === 'address' ? { value: 'personal', context: cleared, effects: [] } : stay
    case 'signup.submit':
      if (before.value !== 'address') return stay
      // Details made invalid after Next go back to their own step rather than being sent.
      if (!personalValid(c)) return { value: 'personal', context: { ...c, errors: fieldErrors(PersonalSchema, c.personal) }, effects: [] }
      return addressValid(c)
        ? { value: 'submitting', context: cleared, effects: [] }
        : { ...stay, context: { ...c, errors: fieldErrors(AddressSchema, c.address) } }
    case 'xstate.done.actor.0.signup.submitting':
      if (before.value !== 'submitting') return stay
      return { value: 'done', context: { ...c, user }, effects: [{ type: 'announceCreated', params: { user } }] }
    case 'xstate.error.actor.0.signup.submitting':
      if (before.value !== 'submitting') return stay
      return { value: 'address', context: { ...c, serverError: taken.message }, effects: [{ type: 'announceFailed', params: { error: taken.message } }] }
    default:
      return stay
  }
}

function check(step: Step<Snapshot>): void {
  expectStep(step, expected(step))
  // Messages shown are never empty-handed: a step with errors names at least one field.
  if (step.event.type === 'signup.next' || step.event.type === 'signup.submit') expect(Object.values(step.after.context.errors).every(Boolean)).toBe(true)
  if (step.after.value === 'done') expect(step.after.status).toBe('done')
}

const model = machineModel({
  machine: signupMachine,
  events,
  check: check as never,
  follow: follow as never,
  followSimple: followSimple as never,
  mustAccept: {
    personal: ['signup.field.set', 'signup.next'],
    address: ['signup.field.set', 'signup.back', 'signup.submit'],
    submitting: [],
    done: [],
  },
})

describe('the sign-up machine as a model', () => {
  modelTests(model)
})
