import { fromPromise } from 'xstate'
import { simRenameEventSchemas } from '../../../../machines/simRename.events.ts'
import { simRenameMachine, type SimRenameSave } from '../../../../machines/simRename.machine.ts'
import { renameSim } from '../../../api/serviceActions.ts'
import { makeFact } from '../../../domain/events.ts'
import { stampNow } from '../../../lib/ids.ts'
import { labCustomer, sandboxCustomerId } from '../fakes.ts'
import type { LabMachine } from '../labMachine.ts'
import { LAB_SERVICE_ID, SimInputSchema } from './simLabData.ts'

/**
 * Update Sim Name: each save writes v1.SimRenamed to the lab log, where the fact list shows the new name. In sandbox
 * mode the rename is also sent to the server for one of the tester's own SIMs and its answer logged as a fact.
 */
export const simRenameLab: LabMachine = {
  id: 'simRename',
  machine: simRenameMachine,
  modes: ['succeeds', 'storageFails', 'sandbox'],
  input: { schema: SimInputSchema, presets: { sim: () => ({ serviceId: LAB_SERVICE_ID }) } },
  events: [
    { type: 'sim.rename.open', schema: simRenameEventSchemas['sim.rename.open'], template: () => ({ name: 'Lab router' }) },
    { type: 'sim.rename.edit', schema: simRenameEventSchemas['sim.rename.edit'], template: () => ({ name: 'Kitchen router' }) },
    { type: 'sim.rename.save', schema: simRenameEventSchemas['sim.rename.save'] },
    { type: 'sim.rename.cancel', schema: simRenameEventSchemas['sim.rename.cancel'] },
  ],
  provide: (mode, io) =>
    simRenameMachine.provide({
      actors: {
        save: fromPromise<void, SimRenameSave>(async ({ input }) => {
          await io.delay()
          // storageFails: the phone refuses the write, as a full device would.
          if (mode === 'storageFails') throw new Error('QuotaExceededError')
          const customerId = mode === 'sandbox' ? sandboxCustomerId() : labCustomer().id
          const stamp = stampNow()
          io.write(makeFact('v1.SimRenamed', { customerId, serviceId: input.serviceId, name: input.name }, stamp))
          if (mode !== 'sandbox') return
          const about = { renameId: stamp.id, customerId, serviceId: input.serviceId }
          const answer = await renameSim(input.serviceId, { id: stamp.id, name: input.name })
          if (answer.kind === 'renamed')
            io.write(makeFact('v1.SimRenameAcknowledged', { ...about, name: answer.service.name, answeredAt: answer.fetchedAt }, stampNow()))
          if (answer.kind === 'refused') io.write(makeFact('v1.SimRenameRejected', { ...about, reason: answer.error || `HTTP ${answer.status}` }, stampNow()))
        }),
      },
      actions: { announceSaved: () => {}, announceNotSaved: () => {} },
    }),
}
