import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { profileEditMachine, type ProfileEditInput, type SaveOutcome } from '../../machines/profileEdit.machine.ts'
import type { ProfileChanges, ProfileValues } from '../../src/domain/profileForm.ts'
import { settling } from './settling.ts'

const current: ProfileValues = { first_name: 'Thandi', last_name: 'Nkosi', email: 'thandi@example.co.za', mobile: '', phone: '0211234567' }

/** The real edit with a hand-settled save, recording what it was asked to save and what it announced. */
function edit(input: ProfileEditInput = { current }) {
  let settle!: { resolve: (outcome: SaveOutcome) => void; reject: (error: unknown) => void }
  const saves: ProfileChanges[] = []
  const effects: string[] = []
  const actor = createActor(
    profileEditMachine.provide({
      actors: {
        save: fromPromise<SaveOutcome, ProfileChanges>(({ input: changes }) => {
          saves.push(changes)
          return new Promise((resolve, reject) => (settle = { resolve, reject }))
        }),
      },
      actions: {
        announceSaved: (_, { outcome }) => void effects.push(`saved ${outcome.queued ? 'queued' : 'sent'}`),
        dismissRefusal: (_, { editId }) => void effects.push(`dismissed ${editId}`),
      },
    }),
    { input },
  )
  actor.start()
  const type = (values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values)) actor.send({ type: 'profile.field.set', field: field as never, value })
  }
  return {
    actor,
    saves,
    effects,
    type,
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    answer: (outcome: SaveOutcome) => settling(() => settle.resolve(outcome)),
    refuse: (error: unknown) => settling(() => settle.reject(error)),
  }
}

describe('the profile edit machine', () => {
  it('checks the sign-up rules on the device and says each message by its field', () => {
    const e = edit()
    e.type({ first_name: ' ', phone: '021', mobile: '0831' })
    e.actor.send({ type: 'profile.save' })
    expect(e.state()).toBe('editing')
    expect(e.context().errors).toEqual({
      first_name: 'First name is required.',
      phone: 'Phone number must be 10 digits.',
      mobile: 'Mobile number must be 10 digits.',
    })
    expect(e.saves).toEqual([])
  })

  it('asks for the current password only when the email changes, and sends it with the new address alone', async () => {
    const e = edit()
    e.type({ email: 'THANDI@example.co.za' })
    e.actor.send({ type: 'profile.save' })
    // Only the capitals differ: the same address, so nothing to save.
    expect(e.state()).toBe('closed')
    const f = edit()
    f.type({ email: 'thandeka@example.co.za' })
    f.actor.send({ type: 'profile.save' })
    expect(f.context().errors).toEqual({ current_password: 'Current password is required.' })
    f.type({ current_password: 'Secret#123' })
    f.actor.send({ type: 'profile.save' })
    expect(f.state()).toBe('saving')
    expect(f.saves).toEqual([{ profile: null, email: { email: 'thandeka@example.co.za', current_password: 'Secret#123' } }])
    await f.answer({ editId: null, queued: false, pendingEmail: 'thandeka@example.co.za' })
    expect(f.state()).toBe('saved')
    expect(f.context().password).toBe('')
  })

  it('saves only what changed, trimmed, and never an unchanged profile', () => {
    const e = edit()
    e.type({ first_name: ' Thandeka ', last_name: 'Nkosi ' })
    e.actor.send({ type: 'profile.save' })
    expect(e.saves).toEqual([{ profile: { first_name: 'Thandeka', last_name: 'Nkosi', phone: '0211234567', mobile: '' }, email: null }])
    const f = edit()
    f.type({ first_name: 'Thandi ' })
    f.actor.send({ type: 'profile.save' })
    expect(f.state()).toBe('closed')
    expect(f.saves).toEqual([])
  })

  it('waits for the connection, then hears the outbox: its own edit sent', async () => {
    const e = edit()
    e.type({ first_name: 'Thandeka' })
    e.actor.send({ type: 'profile.save' })
    await e.answer({ editId: 'edit-1', queued: true, pendingEmail: null })
    expect(e.state()).toBe('queued')
    e.actor.send({ type: 'profile.sent', editId: 'another-edit' })
    expect(e.state()).toBe('queued')
    e.actor.send({ type: 'profile.sent', editId: 'edit-1' })
    expect(e.state()).toBe('saved')
    expect(e.effects).toEqual(['saved queued'])
  })

  it('brings the form back with the typed values and the message when the server refuses the waiting edit', async () => {
    const e = edit()
    e.type({ first_name: 'Thandeka', phone: '0219876543' })
    e.actor.send({ type: 'profile.save' })
    await e.answer({ editId: 'edit-1', queued: true, pendingEmail: null })
    e.actor.send({ type: 'profile.refused', reason: 'Phone number must be 10 digits.', field: 'phone', editId: 'edit-1' })
    expect(e.state()).toBe('refused')
    expect(e.context().values).toMatchObject({ first_name: 'Thandeka', phone: '0219876543' })
    expect(e.context().errors).toEqual({ phone: 'Phone number must be 10 digits.' })
  })

  it('keeps what was typed when a taken email is refused at once', async () => {
    const e = edit()
    e.type({ first_name: 'Thandeka', email: 'taken@example.co.za', current_password: 'Secret#123' })
    e.actor.send({ type: 'profile.save' })
    await e.refuse({ reason: 'An account with this email already exists.', field: 'email', editId: null })
    expect(e.state()).toBe('refused')
    expect(e.context().values).toMatchObject({ first_name: 'Thandeka', email: 'taken@example.co.za' })
    expect(e.context().errors).toEqual({ email: 'An account with this email already exists.' })
    e.actor.send({ type: 'profile.cancel' })
    expect(e.state()).toBe('closed')
    expect(e.effects).toEqual(['dismissed null'])
  })

  it('reopens a refused edit after a reload and puts it away when saved again', async () => {
    const e = edit({ current, draft: { ...current, phone: '021' }, refusal: { reason: 'Phone number must be 10 digits.', field: 'phone', editId: 'edit-0' } })
    expect(e.state()).toBe('refused')
    expect(e.context().errors).toEqual({ phone: 'Phone number must be 10 digits.' })
    e.type({ phone: '0219876543' })
    e.actor.send({ type: 'profile.save' })
    expect(e.state()).toBe('saving')
    expect(e.effects).toEqual(['dismissed edit-0'])
    await e.answer({ editId: 'edit-1', queued: false, pendingEmail: null })
    expect(e.state()).toBe('saved')
  })
})
