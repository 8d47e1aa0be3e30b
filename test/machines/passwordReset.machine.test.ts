import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { passwordResetMachine } from '../../machines/passwordReset.machine.ts'
import type { PasswordResetInput } from '../../machines/passwordReset.events.ts'
import { messages } from '../../src/domain/account.ts'
import { passwordMessages, type LinkAnswer, type ResetAnswer } from '../../src/domain/password.ts'
import { customer } from './authHarness.ts'
import { settling } from './settling.ts'

type Settle<T> = { resolve: (value: T) => void; reject: (error: unknown) => void }

/** The real machine with hand-settled network calls, recording what each call was given and what it announced. */
function harness(input?: PasswordResetInput) {
  const calls: unknown[] = []
  const announced: string[] = []
  let request!: Settle<void>
  let checkLink!: Settle<LinkAnswer>
  let reset!: Settle<ResetAnswer>
  const actor = createActor(
    passwordResetMachine.provide({
      actors: {
        requestLink: fromPromise<void, { email: string }>(({ input }) => {
          calls.push({ request: input })
          return new Promise((resolve, reject) => (request = { resolve, reject }))
        }),
        checkLink: fromPromise<LinkAnswer, { token: string }>(({ input }) => {
          calls.push({ check: input })
          return new Promise((resolve, reject) => (checkLink = { resolve, reject }))
        }),
        resetPassword: fromPromise<ResetAnswer, { token: string; password: string }>(({ input }) => {
          calls.push({ reset: input })
          return new Promise((resolve, reject) => (reset = { resolve, reject }))
        }),
      },
      actions: { announceReset: (_, { user }) => void announced.push(`signed in ${user.email}`) },
    }),
    { input },
  )
  actor.start()
  const type = (field: 'email' | 'password' | 'confirm_password', value: string) => actor.send({ type: 'passwordReset.field.set', field, value })
  return {
    actor,
    calls,
    announced,
    type,
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    requested: () => settling(() => request.resolve()),
    requestFailed: (error: unknown) => settling(() => request.reject(error)),
    checked: (answer: LinkAnswer) => settling(() => checkLink.resolve(answer)),
    checkFailed: () => settling(() => checkLink.reject(new Error('offline'))),
    answered: (answer: ResetAnswer) => settling(() => reset.resolve(answer)),
    resetFailed: (error: unknown) => settling(() => reset.reject(error)),
  }
}

describe('the password reset machine', () => {
  describe('asking for a link (/forgot_password)', () => {
    it('starts on the email form, and refuses a missing or malformed email with the sign-up messages, sending nothing', () => {
      const h = harness()
      expect(h.state()).toBe('asking')
      h.actor.send({ type: 'passwordReset.request' })
      expect(h.context().errors).toEqual({ email: messages.emailRequired })
      h.type('email', 'thandi@')
      expect(h.context().errors).toEqual({})
      h.actor.send({ type: 'passwordReset.request' })
      expect(h.context().errors).toEqual({ email: messages.emailShape })
      expect(h.calls).toEqual([])
    })

    it('sends the trimmed email, then says it was sent; asking again keeps the email', async () => {
      const h = harness({ email: ' thandi@example.co.za ' })
      h.actor.send({ type: 'passwordReset.request' })
      expect(h.state()).toBe('requesting')
      expect(h.calls).toEqual([{ request: { email: 'thandi@example.co.za' } }])
      await h.requested()
      expect(h.state()).toBe('sent')
      h.actor.send({ type: 'passwordReset.again' })
      expect(h.state()).toBe('asking')
      expect(h.context().values.email).toBe(' thandi@example.co.za ')
    })

    it('goes back to the form with the reason when the request fails, the email kept', async () => {
      const h = harness({ email: 'thandi@example.co.za' })
      h.actor.send({ type: 'passwordReset.request' })
      await h.requestFailed(new Error(passwordMessages.unreachable))
      expect(h.state()).toBe('asking')
      expect(h.context()).toMatchObject({ serverError: passwordMessages.unreachable, values: { email: 'thandi@example.co.za' } })
      h.actor.send({ type: 'passwordReset.request' })
      expect(h.context().serverError).toBeNull()
    })
  })

  describe('choosing a new password with the link (/reset_password)', () => {
    it('checks the link first, then takes a new password that keeps the rule and matches its confirmation', async () => {
      const h = harness({ token: 'tok' })
      expect(h.state()).toBe('checking')
      expect(h.calls).toEqual([{ check: { token: 'tok' } }])
      await h.checked({ status: 'good' })
      expect(h.state()).toBe('choosing')
      h.actor.send({ type: 'passwordReset.submit' })
      expect(h.context().errors).toEqual({ password: messages.passwordRequired })
      h.type('password', 'short')
      h.actor.send({ type: 'passwordReset.submit' })
      expect(h.context().errors).toEqual({ password: messages.passwordRule })
      h.type('password', 'Fresh#4567')
      h.type('confirm_password', 'Fresh#4568')
      h.actor.send({ type: 'passwordReset.submit' })
      expect(h.context().errors).toEqual({ confirm_password: passwordMessages.confirmDiffers })
      expect(h.state()).toBe('choosing')
      h.type('confirm_password', 'Fresh#4567')
      h.actor.send({ type: 'passwordReset.submit' })
      expect(h.state()).toBe('resetting')
      expect(h.calls.at(-1)).toEqual({ reset: { token: 'tok', password: 'Fresh#4567' } })
      await h.answered({ status: 'reset', user: customer() })
      expect(h.state()).toBe('done')
      expect(h.announced).toEqual(['signed in thandi@example.co.za'])
      expect(h.actor.getSnapshot().status).toBe('done')
    })

    it('says why a link is refused when the page opens, or when the password is sent', async () => {
      const opened = harness({ token: 'old' })
      await opened.checked({ status: 'refused', reason: 'expired' })
      expect(opened.state()).toBe('refused')
      expect(opened.context().refusal).toBe('expired')

      const sent = harness({ token: 'tok' })
      await sent.checked({ status: 'good' })
      sent.type('password', 'Fresh#4567')
      sent.type('confirm_password', 'Fresh#4567')
      sent.actor.send({ type: 'passwordReset.submit' })
      await sent.answered({ status: 'refused', reason: 'used' })
      expect(sent.state()).toBe('refused')
      expect(sent.context().refusal).toBe('used')
      expect(sent.announced).toEqual([])
    })

    it('shows the form when the link cannot be checked (offline), and keeps what was typed when setting it fails', async () => {
      const h = harness({ token: 'tok' })
      await h.checkFailed()
      expect(h.state()).toBe('choosing')
      h.type('password', 'Fresh#4567')
      h.type('confirm_password', 'Fresh#4567')
      h.actor.send({ type: 'passwordReset.submit' })
      h.type('password', 'typed while sending')
      await h.resetFailed(new Error(passwordMessages.unreachable))
      expect(h.state()).toBe('choosing')
      expect(h.context()).toMatchObject({ serverError: passwordMessages.unreachable, values: { password: 'Fresh#4567', confirm_password: 'Fresh#4567' } })
    })

    it('treats an empty token from a link without one as a link to check, not as the email form', () => {
      expect(harness({ token: '' }).state()).toBe('checking')
    })
  })
})
