import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { signupMachine } from '../../machines/signup.machine.ts'
import type { Signup, User } from '../../src/domain/account.ts'
import { customer } from './authHarness.ts'
import { settling } from './settling.ts'

const person = {
  first_name: 'Thandi',
  last_name: 'Nkosi',
  id_number: '9001015009086',
  email: 'thandi@example.co.za',
  password: 'Secret#123',
  confirm_password: 'not checked',
  phone: '0211234567',
} as const
const place = { street_number: '12', street_name: 'Long Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' } as const

/** The real wizard with a hand-settled account creation, recording its announcements. */
function wizard() {
  let settle!: { resolve: (user: User) => void; reject: (error: unknown) => void }
  const bodies: Signup[] = []
  const announced: string[] = []
  const actor = createActor(
    signupMachine.provide({
      actors: {
        createAccount: fromPromise<User, Signup>(({ input }) => {
          bodies.push(input)
          return new Promise((resolve, reject) => (settle = { resolve, reject }))
        }),
      },
      actions: {
        announceCreated: (_, { user }) => void announced.push(`created ${user.email}`),
        announceFailed: (_, { error }) => void announced.push(`failed ${error}`),
      },
    }),
  )
  actor.start()
  const fill = (values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values)) actor.send({ type: 'signup.field.set', field: field as never, value })
  }
  return {
    actor,
    bodies,
    announced,
    fill,
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    created: (user: User) => settling(() => settle.resolve(user)),
    failed: (error: unknown) => settling(() => settle.reject(error)),
  }
}

async function atAddress() {
  const w = wizard()
  w.fill(person)
  w.actor.send({ type: 'signup.next' })
  return w
}

describe('the sign-up wizard, personal step', () => {
  it('starts on the personal step with everything empty', () => {
    const w = wizard()
    expect(w.state()).toBe('personal')
    expect(w.context().personal.first_name).toBe('')
    expect(w.context().address.street_name).toBe('')
    expect(w.context().errors).toEqual({})
  })

  it('keeps each edited field', () => {
    const w = wizard()
    w.fill({ first_name: 'Thandi', street_name: 'Long Street' })
    expect(w.context().personal.first_name).toBe('Thandi')
    expect(w.context().address.street_name).toBe('Long Street')
  })

  it('stays with a message per invalid field when Next is pressed on bad input', () => {
    const w = wizard()
    w.fill({ first_name: 'Thandi', id_number: '123', email: 'nope' })
    w.actor.send({ type: 'signup.next' })
    expect(w.state()).toBe('personal')
    expect(w.context().errors).toEqual({
      last_name: 'Last name is required.',
      id_number: 'ID number must be 13 digits.',
      email: 'Invalid email address.',
      password: 'Password is required.',
      phone: 'Phone number is required.',
    })
  })

  it('stays on the personal step with the length and direction messages for an overlong or reversing name', () => {
    const w = wizard()
    w.fill({ first_name: 'T'.repeat(101), last_name: 'Nkosi\u202Eexe.' })
    w.actor.send({ type: 'signup.next' })
    expect(w.state()).toBe('personal')
    expect(w.context().errors.first_name).toBe('First name must be at most 100 characters.')
    expect(w.context().errors.last_name).toBe('Last name cannot contain text direction control characters.')
  })

  it('clears a field message once that field is edited', () => {
    const w = wizard()
    w.actor.send({ type: 'signup.next' })
    w.fill({ last_name: 'N' })
    expect(w.context().errors.last_name).toBeUndefined()
    expect(w.context().errors.first_name).toBe('First name is required.')
  })

  it('moves to the address step only when the personal details pass', async () => {
    const w = await atAddress()
    expect(w.state()).toBe('address')
    expect(w.context().errors).toEqual({})
  })

  it('ignores Back and Submit on the first step', () => {
    const w = wizard()
    w.actor.send({ type: 'signup.back' })
    w.actor.send({ type: 'signup.submit' })
    expect(w.state()).toBe('personal')
    expect(w.bodies).toEqual([])
  })
})

describe('the sign-up wizard, address step', () => {
  it('goes Back keeping every value', async () => {
    const w = await atAddress()
    w.fill({ city: 'Cape Town' })
    w.actor.send({ type: 'signup.back' })
    expect(w.state()).toBe('personal')
    expect(w.context().personal).toMatchObject(person)
    expect(w.context().address.city).toBe('Cape Town')
  })

  it('stays with the address messages when Submit is pressed on bad input', async () => {
    const w = await atAddress()
    w.fill({ postal_code: '80' })
    w.actor.send({ type: 'signup.submit' })
    expect(w.state()).toBe('address')
    expect(w.context().errors).toEqual({
      street_number: 'Street number is required.',
      street_name: 'Street name is required.',
      city: 'City/Town name is required.',
      province: 'Province is required.',
      postal_code: 'Invalid Postal Code.',
    })
    expect(w.bodies).toEqual([])
  })

  it('sends a personal detail spoiled after Next back to its step on Submit, instead of failing', async () => {
    const w = await atAddress()
    w.fill({ ...place, email: 'thandi@' })
    w.actor.send({ type: 'signup.submit' })
    expect(w.actor.getSnapshot().status).toBe('active')
    expect(w.state()).toBe('personal')
    expect(w.context().errors).toEqual({ email: 'Invalid email address.' })
    expect(w.bodies).toEqual([])
  })

  it('submits the trimmed sign-up body without the confirmation', async () => {
    const w = await atAddress()
    w.fill({ ...place, city: '  Cape Town ' })
    w.actor.send({ type: 'signup.submit' })
    expect(w.state()).toBe('submitting')
    expect(w.bodies).toHaveLength(1)
    const { user } = w.bodies[0]!
    expect(user).not.toHaveProperty('confirm_password')
    expect(user.email).toBe('thandi@example.co.za')
    expect(user.mobile).toBe('')
    expect(user.ricaAddress).toMatchObject({ ...place, city: 'Cape Town', country: 'South Africa' })
  })
})

describe('the sign-up wizard, submitting', () => {
  async function submitting() {
    const w = await atAddress()
    w.fill(place)
    w.actor.send({ type: 'signup.submit' })
    return w
  }

  it('is done with the created customer, announced once', async () => {
    const w = await submitting()
    await w.created(customer())
    expect(w.state()).toBe('done')
    expect(w.actor.getSnapshot().status).toBe('done')
    expect(w.context().user).toEqual(customer())
    expect(w.announced).toEqual(['created thandi@example.co.za'])
  })

  it('returns to the address step with the server error and everything typed', async () => {
    const w = await submitting()
    await w.failed(new Error('An account with this email already exists.'))
    expect(w.state()).toBe('address')
    expect(w.context().serverError).toBe('An account with this email already exists.')
    expect(w.announced).toEqual(['failed An account with this email already exists.'])
    expect(w.context().personal).toMatchObject(person)
    expect(w.context().address).toMatchObject(place)
  })

  it('does not change what was sent while the request is out', async () => {
    const w = await submitting()
    w.fill({ city: 'Durban' })
    w.actor.send({ type: 'signup.back' })
    expect(w.state()).toBe('submitting')
    expect(w.context().address.city).toBe('Cape Town')
  })

  it('can be submitted again after a server error', async () => {
    const w = await submitting()
    await w.failed(new Error('Server unavailable'))
    w.actor.send({ type: 'signup.submit' })
    expect(w.state()).toBe('submitting')
    expect(w.context().serverError).toBeNull()
    expect(w.bodies).toHaveLength(2)
  })
})
