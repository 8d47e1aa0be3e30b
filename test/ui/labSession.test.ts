import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { assign, setup } from 'xstate'
import type { LabMachine } from '../../src/devtools/lab/labMachine.ts'
import { signupLab } from '../../src/devtools/lab/machines/signupLab.ts'
import { paymentLab, paymentStatusLab } from '../../src/devtools/lab/machines/paymentLab.ts'
import { authLab } from '../../src/devtools/lab/machines/authLab.ts'
import { LabRun } from '../../src/devtools/lab/labRun.ts'
import { readSessionFile, replaySession } from '../../src/devtools/lab/labSession.ts'
import { toJson } from '../../src/devtools/lab/json.ts'
import { readKnownCustomer } from '../../src/store/queries.ts'
import { at, labRun, until } from './labHarness.ts'

const personal = {
  first_name: 'Thandi',
  last_name: 'Nkosi',
  id_number: '9001015009086',
  email: 'thandi@example.co.za',
  password: 'Secret#123',
  phone: '0211234567',
}
const address = { street_number: '12', street_name: 'Long Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' }

function fill(run: LabRun, values: Record<string, string>) {
  for (const [field, value] of Object.entries(values)) run.send({ type: 'signup.field.set', field, value })
}

describe('a lab session', () => {
  it('records every step of the sign-up machine, a failing submit included, and an import restores the same state and context without running anything', async () => {
    const { run, committed, options } = labRun(signupLab, 'server500')
    run.start()
    run.send({ type: 'signup.next' })
    expect(run.getSnapshot().snapshot.context.errors.first_name).toBe('First name is required.')
    fill(run, personal)
    run.send({ type: 'signup.next' })
    expect(at(run)).toBe('address')
    fill(run, address)
    run.send({ type: 'signup.submit' })
    expect(at(run)).toBe('submitting')
    await until(run, (r) => at(r) === 'address' && r.getSnapshot().snapshot.context.serverError !== null)
    const view = run.getSnapshot()
    expect(view.snapshot.context.serverError).toBe('Internal Server Error')
    expect(view.steps.at(-1)?.event).toMatchObject({
      type: 'xstate.error.actor.0.signup.submitting',
      error: { $error: { message: 'Internal Server Error', status: 500 } },
    })
    expect(view.steps.at(-1)?.actions).toEqual(['announceFailed'])
    expect(view.steps[0]?.event).toMatchObject({ type: 'xstate.init' })

    const text = JSON.stringify(run.exportFile())
    run.stop()
    const read = readSessionFile(text)
    if (!read.ok) throw new Error(read.detail)
    const writes = committed.length
    const restored = LabRun.restore(signupLab, read.file, options)
    const again = restored.getSnapshot()
    expect(again.snapshot.value).toEqual(view.snapshot.value)
    expect(toJson(again.snapshot.context)).toEqual(toJson(view.snapshot.context))
    expect(again.cursor).toBe(view.cursor)
    expect(again.steps.length).toBe(view.steps.length)
    expect(again.differs).toEqual([])
    expect(again.mode).toBe('server500')
    expect(committed.length).toBe(writes)
  })

  it('rebuilds the sign-up machine from its events alone with the pure transition API', () => {
    const { run } = labRun(signupLab, 'succeeds')
    run.start()
    fill(run, personal)
    run.send({ type: 'signup.next' })
    const file = run.exportFile()
    run.stop()
    const { snapshots, differs } = replaySession(signupLab.machine, file)
    expect(differs).toEqual([])
    expect(snapshots.map((s) => s.value)).toEqual(file.steps.map((s) => s.value))
  })

  it('steps back and forward through the snapshots, and continues from an earlier step by dropping the later ones', async () => {
    const { run } = labRun(paymentStatusLab, 'pending', { checkoutId: '8ac7a4c8lab0000000000000000000001.lab', online: true })
    run.start()
    await until(run, (r) => JSON.stringify(at(r)) === JSON.stringify({ card: 'pending' }))
    const last = run.getSnapshot().cursor
    run.back()
    expect(at(run)).toEqual({ card: 'awaitingResult' })
    run.forward()
    expect(at(run)).toEqual({ card: 'pending' })
    expect(run.getSnapshot().cursor).toBe(last)
    // From the pending step, "check again" asks the (fake) provider once more.
    run.send({ type: 'payment.status.check' })
    expect(at(run)).toEqual({ card: 'awaitingResult' })
    await until(run, (r) => JSON.stringify(at(r)) === JSON.stringify({ card: 'pending' }) && r.getSnapshot().steps.length > last + 1)
    // Back to the first pending step and on from there: the later steps go.
    run.goTo(last)
    run.setMode('succeeds')
    run.send({ type: 'payment.status.check' })
    expect(run.getSnapshot().steps.length).toBe(last + 2)
    await until(run, (r) => JSON.stringify(at(r)) === JSON.stringify({ card: 'successful' }))
    expect(run.getSnapshot().steps.at(-1)?.effects).toBe('succeeds')
    expect(run.getSnapshot().steps.at(-1)?.facts).toMatchObject([{ type: 'v1.PaymentResultReceived', payload: { status: 200 } }])
    run.stop()
  })

  it('replays a Google Pay payment exactly: the wallet key travels in the authorisation, the machine makes none up', async () => {
    const { run, options } = labRun(paymentLab, 'succeeds')
    run.start()
    await until(run, (r) => at(r) === 'ready')
    run.send({ type: 'payment.wallet.start' })
    const spec = paymentLab.events.find((e) => e.type === 'payment.wallet.authorised')
    run.send({ type: 'payment.wallet.authorised', ...spec?.template?.(undefined as never), ...spec?.stamp?.() })
    await until(run, (r) => JSON.stringify(at(r)) === JSON.stringify({ wallet: 'successful' }))
    const file = run.exportFile()
    run.stop()
    const restored = LabRun.restore(paymentLab, file, options).getSnapshot()
    expect(restored.differs).toEqual([])
    expect(toJson(restored.snapshot.context)).toEqual(file.steps.at(-1)?.context)
    expect((restored.snapshot.context as { walletKey: string }).walletKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
  })

  it('marks a step whose replay gives another context (a machine that makes a value up) and takes it from the recording', async () => {
    const rolling = setup({ types: { context: {} as { roll: number } } }).createMachine({
      id: 'dice',
      context: { roll: 0 },
      on: { roll: { actions: assign({ roll: () => Math.random() }) } },
    })
    const dice: LabMachine = { id: 'cart', machine: rolling, events: [{ type: 'roll', schema: v.object({}) }], modes: ['succeeds'], provide: () => rolling }
    const { run, options } = labRun(dice, 'succeeds')
    run.start()
    run.send({ type: 'roll' })
    run.send({ type: 'roll' })
    const file = run.exportFile()
    run.stop()
    const restored = LabRun.restore(dice, file, options).getSnapshot()
    expect(restored.differs).toEqual([1, 2])
    expect(toJson(restored.snapshot.context)).toEqual(file.steps.at(-1)?.context)
  })

  it("writes the facts to the lab log, never to the customer's", async () => {
    const { run, db } = labRun(authLab, 'succeeds')
    run.start()
    await until(run, (r) => at(r) === 'loggedOut')
    run.send({ type: 'auth.signIn', email: 'thandi.lab@example.co.za', password: 'Lab#2026' })
    await until(run, (r) => at(r) === 'loggedIn')
    await run.written()
    expect((await db.events.toArray()).map((e) => e.type)).toEqual(['v1.CustomerSignedIn'])
    expect((await readKnownCustomer(db))?.email).toBe('thandi.lab@example.co.za')
    expect(run.getSnapshot().steps.at(-1)?.facts).toMatchObject([{ type: 'v1.CustomerSignedIn', stream: 'auth' }])
    // Signing in again as the same customer changes nothing the device knows, so it writes nothing.
    run.send({ type: 'auth.signedIn', user: run.getSnapshot().snapshot.context.user })
    await run.written()
    expect(await db.events.count()).toBe(1)
    expect(run.getSnapshot().steps.at(-1)?.actions).toEqual(['remember'])
    expect(run.getSnapshot().steps.at(-1)?.facts).toEqual([])
    run.stop()
  })

  it('refuses a file that is not a lab session, saying why', () => {
    expect(readSessionFile('{nope')).toMatchObject({ ok: false, problem: 'json' })
    expect(readSessionFile(JSON.stringify({ format: 'seed-machine-lab', version: 1, machine: 'toaster' }))).toMatchObject({ ok: false, problem: 'shape' })
    const empty = { format: 'seed-machine-lab', version: 1, machine: 'signup', effects: 'sandbox', exportedAt: '2026-03-05T10:00:00Z', cursor: 0, steps: [] }
    expect(readSessionFile(JSON.stringify(empty))).toMatchObject({ ok: false, problem: 'shape', detail: expect.stringContaining('steps') })
  })
})
