import { describe, expect, it } from 'vitest'
import { initialTransition, transition, type AnyMachineSnapshot } from 'xstate'
import { acceptedEvents } from '../../src/devtools/lab/acceptedEvents.ts'
import { canonical, fromJson, toJson } from '../../src/devtools/lab/json.ts'
import { labMachines } from '../../src/devtools/lab/labMachines.ts'
import { checkPayload, payloadText } from '../../src/devtools/lab/payload.ts'
import { activePaths, leafPaths, stateTree } from '../../src/devtools/lab/stateTree.ts'
import { signupEventSchemas } from '../../machines/signup.events.ts'
import { cartEventSchemas } from '../../machines/cart.events.ts'
import { CheckoutPageInputSchema } from '../../machines/payment.events.ts'
import { ApiError } from '../../src/api/client.ts'
import * as v from 'valibot'

const types = (snapshot: AnyMachineSnapshot, id: keyof typeof labMachines) => acceptedEvents(snapshot, labMachines[id].events).map((e) => e.type)

describe('the events a machine accepts now', () => {
  const { signup, cart, paymentStatus, auth, outbox } = labMachines

  it('the lab offers every event each machine declares, and nothing it does not', () => {
    for (const lab of Object.values(labMachines)) {
      const declared = lab.machine.root.events.filter((type: string) => !type.startsWith('xstate.')).sort()
      expect(lab.events.map((e) => e.type).sort(), lab.id).toEqual(expect.arrayContaining(declared))
    }
  })

  it('follow the sign-up wizard: typing and Next first, then Back and Submit, nothing while submitting', () => {
    let [s] = initialTransition(signup.machine)
    expect(types(s, 'signup')).toEqual(['signup.field.set', 'signup.next'])
    s = signup.machine.resolveState({ value: 'address', context: s.context })
    expect(types(s, 'signup')).toEqual(['signup.field.set', 'signup.back', 'signup.submit'])
    // Submitting forbids typing (a targetless, actionless transition): nothing is accepted while it waits.
    s = signup.machine.resolveState({ value: 'submitting', context: s.context })
    expect(types(s, 'signup')).toEqual([])
    s = signup.machine.resolveState({ value: 'done', context: s.context })
    expect(types(s, 'signup')).toEqual([])
  })

  it('weigh guards against the context: a cart line can be removed or renamed only when the cart holds one', () => {
    let [s] = initialTransition(cart.machine)
    // Restoring: intents wait (deferred); news from other tabs is ignored until the stored cart is known.
    expect(types(s, 'cart')).toEqual(['cart.line.add', 'cart.line.remove', 'cart.line.rename', 'cart.clear'])
    ;[s] = transition(cart.machine, s, { type: 'xstate.done.actor.0.cart.restoring', output: { cart: { order_lines: [], total: 0 }, failure: null } } as never)
    expect(s.value).toEqual({ ready: 'idle' })
    expect(types(s, 'cart')).toEqual(['cart.line.add', 'cart.clear', 'cart.synced'])
    const add = cart.events.find((e) => e.type === 'cart.line.add')!
    ;[s] = transition(cart.machine, s, { type: 'cart.line.add', ...add.template!(s.context as never), ...add.stamp!() } as never)
    // The line is on its way to the store: it can be renamed or removed already; another tab's cart waits.
    expect(s.value).toEqual({ ready: 'writing' })
    expect(types(s, 'cart')).toEqual(['cart.line.add', 'cart.line.remove', 'cart.line.rename', 'cart.clear'])
    ;[s] = transition(cart.machine, s, { type: 'xstate.done.actor.0.cart.ready.writing', output: true } as never)
    expect(types(s, 'cart')).toEqual(['cart.line.add', 'cart.line.remove', 'cart.line.rename', 'cart.clear', 'cart.synced'])
  })

  it('follow the password reset: the email form on one page, the new password on the other, nothing while either is sent', () => {
    const { passwordReset } = labMachines
    const [asking] = initialTransition(passwordReset.machine, passwordReset.input!.presets.forgot!())
    expect(asking.value).toBe('asking')
    expect(types(asking, 'passwordReset')).toEqual(['passwordReset.field.set', 'passwordReset.request'])
    const sent = passwordReset.machine.resolveState({ value: 'sent', context: asking.context })
    expect(types(sent, 'passwordReset')).toEqual(['passwordReset.again'])
    const [checking] = initialTransition(passwordReset.machine, passwordReset.input!.presets.reset!())
    expect(checking.value).toBe('checking')
    expect(types(checking, 'passwordReset')).toEqual([])
    const choosing = passwordReset.machine.resolveState({ value: 'choosing', context: checking.context })
    expect(types(choosing, 'passwordReset')).toEqual(['passwordReset.field.set', 'passwordReset.submit'])
    expect(types(passwordReset.machine.resolveState({ value: 'resetting', context: checking.context }), 'passwordReset')).toEqual([])
  })

  it('include what a machine accepts in every state (the payment page hears about the connection anywhere)', () => {
    const [s] = initialTransition(paymentStatus.machine, { checkoutId: 'x1234567', online: true })
    expect(s.value).toEqual({ card: 'awaitingResult' })
    expect(types(s, 'paymentStatus')).toEqual(['payment.connection.lost', 'payment.connection.restored'])
    const pending = paymentStatus.machine.resolveState({ value: { card: 'pending' }, context: s.context })
    expect(types(pending, 'paymentStatus')).toEqual(['payment.status.check', 'payment.connection.lost', 'payment.connection.restored'])
  })

  it('follow the auth machine and the outbox machine', () => {
    const [a] = initialTransition(auth.machine)
    expect(types(a, 'auth')).toEqual([])
    const out = auth.machine.resolveState({ value: 'loggedOut', context: a.context })
    expect(types(out, 'auth')).toEqual(['auth.signIn', 'auth.signedIn', 'auth.recheck'])
    // Nobody is signed in: signing out again would change nothing, so it is not offered.
    const [o] = initialTransition(outbox.machine, { signedIn: null })
    expect(types(o, 'outbox')).toEqual(['outbox.started', 'outbox.connected', 'outbox.queued', 'outbox.signedIn'])
    const [signedIn] = initialTransition(outbox.machine, { signedIn: 7 })
    expect(types(signedIn, 'outbox')).toEqual(['outbox.started', 'outbox.connected', 'outbox.queued', 'outbox.signedIn', 'outbox.signedOut'])
  })
})

describe('a payload typed in the lab', () => {
  it("is read as JSON and checked with the event's schema; the output is what gets sent", () => {
    expect(checkPayload('{"field": "first_name", "value": "Thandi"}', signupEventSchemas['signup.field.set'])).toEqual({
      ok: true,
      payload: { field: 'first_name', value: 'Thandi' },
    })
    expect(checkPayload('', signupEventSchemas['signup.next'])).toEqual({ ok: true, payload: {} })
  })

  it('says why it cannot be sent: not JSON, not an object, a missing field, a wrong type or a broken rule', () => {
    expect(checkPayload('{"field": ', signupEventSchemas['signup.field.set'])).toMatchObject({ ok: false, problem: { kind: 'json' } })
    expect(checkPayload('[1, 2]', signupEventSchemas['signup.field.set'])).toMatchObject({ ok: false, problem: { kind: 'notObject' } })
    expect(checkPayload('{"field": "first_name"}', signupEventSchemas['signup.field.set'])).toMatchObject({
      ok: false,
      problem: { kind: 'schema', path: 'value', issue: { received: 'undefined' } },
    })
    expect(checkPayload('{"field": "nickname", "value": "T"}', signupEventSchemas['signup.field.set'])).toMatchObject({
      ok: false,
      problem: { kind: 'schema', path: 'field', issue: { kind: 'schema', received: '"nickname"' } },
    })
    const line = JSON.parse(payloadText(labMachines.cart.events[0]?.template?.(undefined as never)))
    line.line.unit_price = 'free'
    expect(checkPayload(JSON.stringify(line), cartEventSchemas['cart.line.add'], { factId: 'f1', occurredAt: '2026-01-01T00:00:00.000Z' })).toMatchObject({
      ok: false,
      problem: { kind: 'schema', path: 'line.unit_price' },
    })
  })

  it('gets the stamp (fact id and time) from the lab, not from the tester', () => {
    const text = payloadText({ cart_id: 'c1' })
    expect(checkPayload(text, cartEventSchemas['cart.line.remove'])).toMatchObject({ ok: false, problem: { path: 'factId' } })
    expect(checkPayload(text, cartEventSchemas['cart.line.remove'], { factId: 'f1', occurredAt: '2026-01-01T00:00:00.000Z' })).toMatchObject({ ok: true })
  })

  it("the payment page's input is checked too", () => {
    expect(v.is(CheckoutPageInputSchema, { stage: 'status', checkoutId: 'abc', online: true })).toBe(true)
    expect(v.is(CheckoutPageInputSchema, { stage: 'status', orderId: '1', online: true })).toBe(false)
  })
})

describe('what the lab shows and records', () => {
  it('lists the states nested as declared and names the active ones', () => {
    const card = stateTree(labMachines.paymentWidget.machine).find((b) => b.key === 'card')!
    expect(card.children.map((b) => b.key)).toContain('widget')
    expect(card.children.find((b) => b.key === 'widget')?.children.map((b) => b.path)).toEqual([
      'card.widget.loadingScript',
      'card.widget.shown',
      'card.widget.scriptFailed',
    ])
    expect(stateTree(labMachines.payment.machine).find((b) => b.key === 'unpayable')?.final).toBe(true)
    expect([...activePaths({ card: { widget: 'shown' } })]).toEqual(['card', 'card.widget', 'card.widget.shown'])
    expect(leafPaths({ card: { widget: 'shown' } })).toEqual(['card.widget.shown'])
    expect(leafPaths('ready')).toEqual(['ready'])
  })

  it('keeps errors through JSON (name, message, status), so a replay meets the same failure', () => {
    const json = toJson({ type: 'xstate.error.actor.0.signup.submitting', error: new ApiError('Internal Server Error', 500) })
    expect(json).toEqual({
      type: 'xstate.error.actor.0.signup.submitting',
      error: { $error: { name: 'ApiError', message: 'Internal Server Error', status: 500 } },
    })
    const back = fromJson(JSON.parse(JSON.stringify(json))) as { error: Error & { status?: number } }
    expect(back.error).toBeInstanceOf(Error)
    expect([back.error.message, back.error.status]).toEqual(['Internal Server Error', 500])
    expect(canonical({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonical({ a: [{ c: 3, d: 2 }], b: 1 }))
  })
})
