import { describe, expect, it } from 'vitest'
import { initialTransition } from 'xstate'
import { acceptedEvents } from '../../src/devtools/lab/acceptedEvents.ts'
import { LabRun } from '../../src/devtools/lab/labRun.ts'
import { bundlePurchaseLab } from '../../src/devtools/lab/machines/bundlePurchaseLab.ts'
import { toJson } from '../../src/devtools/lab/json.ts'
import { at, labRun, until } from './labHarness.ts'

const buy = () => {
  const spec = bundlePurchaseLab.events.find((e) => e.type === 'bundle.buy')
  return { type: 'bundle.buy', ...spec?.stamp?.() }
}

describe('the bundle purchase in the machine lab', () => {
  it('offers Choose and Buy once the bundles are listed, and only news of the connection while they load', () => {
    const [loading] = initialTransition(bundlePurchaseLab.machine, bundlePurchaseLab.input!.presets.bundles!())
    expect(acceptedEvents(loading, bundlePurchaseLab.events).map((e) => e.type)).toEqual(['bundle.connection.lost', 'bundle.connection.restored'])
  })

  it('buys a bundle with the fakes, and an exported session replays to the same purchase, its key travelling in the event', async () => {
    const { run, options } = labRun(bundlePurchaseLab, 'succeeds', bundlePurchaseLab.input!.presets.bundles!() as never)
    run.start()
    await until(run, (r) => at(r) === 'choosing')
    run.send({ type: 'bundle.choose', bundleId: 'data-1gb' })
    run.send(buy())
    await until(run, (r) => at(r) === 'paying')
    const file = run.exportFile()
    run.stop()
    const restored = LabRun.restore(bundlePurchaseLab, file, options).getSnapshot()
    expect(restored.differs).toEqual([])
    expect(toJson(restored.snapshot.context)).toEqual(file.steps.at(-1)?.context)
    expect(restored.snapshot.context).toMatchObject({ chosen: 'data-1gb', orderId: 2001, key: expect.stringMatching(/^[0-9a-f-]{36}$/) })
  })

  it('stops on a SIM that is not active, saying why in the server’s words', async () => {
    const { run } = labRun(bundlePurchaseLab, 'simInactive', bundlePurchaseLab.input!.presets.bundles!() as never)
    run.start()
    await until(run, (r) => at(r) === 'choosing')
    run.send({ type: 'bundle.choose', bundleId: 'sms-100' })
    run.send(buy())
    await until(run, (r) => at(r) === 'refused')
    expect(run.getSnapshot().snapshot.context).toMatchObject({ failure: { message: 'Bundles can only be added to an active SIM.', status: 409 } })
    run.stop()
  })
})
