import { describe, expect } from 'vitest'
import type { EventObject } from 'xstate'
import type { PasswordResetEvent } from '../../machines/passwordReset.events.ts'
import { passwordResetMachine, type PasswordResetContext } from '../../machines/passwordReset.machine.ts'
import { fieldErrors } from '../../src/domain/fieldErrors.ts'
import { ForgotPasswordSchema, NewPasswordFormSchema, type LinkAnswer, type ResetAnswer } from '../../src/domain/password.ts'
import { customer } from './authHarness.ts'
import { done, expectStep, failed, machineModel, modelTests, type Expected, type Step } from './model.ts'

/**
 * The password reset as a model, from its two pages: on /forgot_password the customer types an email (or spoils
 * it), asks for a link, is told it went, and may ask again; on /reset_password the link is checked, the customer
 * types the new password and a confirmation (matching or not) and submits, and the server sets it or refuses the
 * link. Each effect answers or fails. The only announcement is the one that signs the customer in.
 */

type SetField = Extract<PasswordResetEvent, { type: 'passwordReset.field.set' }>
const set = (field: SetField['field'], value: string) => ({ type: 'passwordReset.field.set', field, value }) as EventObject
const email = set('email', 'thandi@example.co.za')
const badEmail = set('email', 'thandi@')
const password = set('password', 'Fresh#4567')
const confirm = set('confirm_password', 'Fresh#4567')
const mismatch = set('confirm_password', 'Other#4567')
const user = customer()
const noAnswer = new Error('Could not reach the server. Check your connection and try again.')
const good: LinkAnswer = { status: 'good' }
const expired: LinkAnswer = { status: 'refused', reason: 'expired' }
const reset: ResetAnswer = { status: 'reset', user }
const used: ResetAnswer = { status: 'refused', reason: 'used' }

const events: EventObject[] = [
  email,
  badEmail,
  password,
  confirm,
  mismatch,
  { type: 'passwordReset.request' },
  { type: 'passwordReset.again' },
  { type: 'passwordReset.submit' },
  done('passwordReset', 'requesting', undefined),
  failed('passwordReset', 'requesting', noAnswer),
  done('passwordReset', 'checking', good),
  done('passwordReset', 'checking', expired),
  failed('passwordReset', 'checking', noAnswer),
  done('passwordReset', 'resetting', reset),
  done('passwordReset', 'resetting', used),
  failed('passwordReset', 'resetting', noAnswer),
]

type Snapshot = { value: unknown; context: PasswordResetContext; status: string }
const emailErrors = (c: PasswordResetContext) => fieldErrors(ForgotPasswordSchema, { email: c.values.email })
const passwordErrors = (c: PasswordResetContext) =>
  fieldErrors(NewPasswordFormSchema, { password: c.values.password, confirm_password: c.values.confirm_password })
const valid = (errors: object) => Object.keys(errors).length === 0

/** Each page's fields on that page only; the password typed first, the confirmation after it. */
function follow({ value, context }: Snapshot, event: EventObject): boolean {
  if (event.type !== 'passwordReset.field.set') return true
  const { field, value: text } = event as SetField
  if (value === 'asking') return field === 'email' && context.values.email !== text
  if (value === 'choosing') {
    if (field === 'email' || context.values[field] === text) return false
    return field === 'password' || context.values.password !== ''
  }
  return false
}

/** Simple paths: a field is typed once, and a form is sent only when filled or still empty. */
function followSimple(snapshot: Snapshot, event: EventObject): boolean {
  const { value, context } = snapshot
  if (event.type === 'passwordReset.field.set') {
    const { field } = event as SetField
    return follow(snapshot, event) && context.values[field] === ''
  }
  if (event.type === 'passwordReset.submit' && value === 'choosing') return context.values.password === '' || context.values.confirm_password !== ''
  return follow(snapshot, event)
}

/** Where each step must land and what it must leave in the context. */
function expected({ before, event }: Step<Snapshot>): Expected {
  const c = before.context
  const stay = { value: before.value, context: c, effects: [] }
  const cleared = { ...c, errors: {}, serverError: null }
  const answer = (state: string) => event.type.endsWith(`.passwordReset.${state}`) && before.value === state
  switch (event.type) {
    case 'passwordReset.field.set': {
      if (before.value !== 'asking' && before.value !== 'choosing') return stay
      const { field, value } = event as SetField
      const { [field]: _fixed, ...errors } = c.errors
      return { ...stay, context: { ...c, values: { ...c.values, [field]: value }, errors } }
    }
    case 'passwordReset.request':
      if (before.value !== 'asking') return stay
      return valid(emailErrors(c)) ? { value: 'requesting', context: cleared, effects: [] } : { ...stay, context: { ...c, errors: emailErrors(c) } }
    case 'passwordReset.again':
      return before.value === 'sent' ? { value: 'asking', context: c, effects: [] } : stay
    case 'passwordReset.submit':
      if (before.value !== 'choosing') return stay
      return valid(passwordErrors(c)) ? { value: 'resetting', context: cleared, effects: [] } : { ...stay, context: { ...c, errors: passwordErrors(c) } }
  }
  const output = (event as { output?: unknown }).output
  if (answer('requesting'))
    return event.type.startsWith('xstate.done')
      ? { value: 'sent', context: c, effects: [] }
      : { value: 'asking', context: { ...c, serverError: noAnswer.message }, effects: [] }
  if (answer('checking')) {
    if (event.type.startsWith('xstate.error')) return { value: 'choosing', context: c, effects: [] }
    return output === expired ? { value: 'refused', context: { ...c, refusal: 'expired' }, effects: [] } : { value: 'choosing', context: c, effects: [] }
  }
  if (answer('resetting')) {
    if (event.type.startsWith('xstate.error')) return { value: 'choosing', context: { ...c, serverError: noAnswer.message }, effects: [] }
    if (output === used) return { value: 'refused', context: { ...c, refusal: 'used' }, effects: [] }
    return { value: 'done', context: { ...c, user }, effects: [{ type: 'announceReset', params: { user } }] }
  }
  return stay
}

function check(step: Step<Snapshot>): void {
  expectStep(step, expected(step))
  // A refused form always names the field at fault.
  if (step.event.type === 'passwordReset.request' || step.event.type === 'passwordReset.submit')
    expect(Object.values(step.after.context.errors).every(Boolean)).toBe(true)
  // Nothing typed reaches the server unchecked: a request leaves only with a valid email, a reset with a matching, valid password.
  if (step.after.value === 'requesting') expect(valid(emailErrors(step.after.context))).toBe(true)
  if (step.after.value === 'resetting') expect(valid(passwordErrors(step.after.context))).toBe(true)
  if (step.after.value === 'done' || step.after.value === 'refused') expect(step.after.status).toBe('done')
}

const model = machineModel({
  machine: passwordResetMachine,
  inputs: [undefined, { token: 'a-token-from-the-mail' }],
  events,
  check: check as never,
  follow: follow as never,
  followSimple: followSimple as never,
  mustAccept: {
    asking: ['passwordReset.field.set', 'passwordReset.request'],
    requesting: [],
    sent: ['passwordReset.again'],
    checking: [],
    choosing: ['passwordReset.field.set', 'passwordReset.submit'],
    resetting: [],
    refused: [],
    done: [],
  },
})

describe('the password reset machine as a model', () => {
  modelTests(model)
})
