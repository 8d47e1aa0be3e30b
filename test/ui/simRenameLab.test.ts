import { describe, expect, it } from 'vitest'
import { simRenameLab } from '../../src/devtools/lab/machines/simRenameLab.ts'
import type { Json } from '../../src/devtools/lab/json.ts'
import { at, labRun, until } from './labHarness.ts'

const sim = simRenameLab.input!.presets.sim!() as Json

const rename = (run: ReturnType<typeof labRun>['run']) => {
  run.start()
  run.send({ type: 'sim.rename.open', name: 'Lab router' })
  run.send({ type: 'sim.rename.edit', name: 'Kitchen router' })
  run.send({ type: 'sim.rename.save' })
}

describe('Update Sim Name in the machine lab, with the app’s own effects', () => {
  it('writes the rename’s fact to the lab log, recorded with the step that saved it', async () => {
    const { run, committed } = labRun(simRenameLab, 'succeeds', sim)
    rename(run)
    await until(run, (r) => at(r) === 'closed' && r.getSnapshot().steps.length > 3)
    await run.written()
    expect(committed.map((f) => [f.type, f.payload])).toEqual([['v1.SimRenamed', { customerId: 9001, serviceId: 7001, name: 'Kitchen router' }]])
    expect(run.getSnapshot().steps.flatMap((s) => s.facts)).toMatchObject([{ type: 'v1.SimRenamed' }])
    run.stop()
  })

  it('storageFails: the phone refuses the write, the dialog stays open and nothing is logged', async () => {
    const { run, committed } = labRun(simRenameLab, 'storageFails', sim)
    rename(run)
    await until(run, (r) => at(r) === 'editing' && r.getSnapshot().steps.length > 3)
    expect(run.getSnapshot().snapshot.context.problem).not.toBeNull()
    expect(committed).toEqual([])
    run.stop()
  })
})
