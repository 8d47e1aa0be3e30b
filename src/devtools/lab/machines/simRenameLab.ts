import { simRenameEventSchemas } from '../../../../machines/simRename.events.ts'
import { simRenameMachine } from '../../../../machines/simRename.machine.ts'
import { provideSimRename } from '../../../features/portal/simActions/simRenameEffects.ts'
import { simRenameOutbox } from '../../../features/portal/simActions/simRenameQueue.ts'
import { i18n } from '../../../i18n/i18n.ts'
import type { LabMachine } from '../labMachine.ts'
import { labPorts } from '../labPorts.ts'
import { LAB_SERVICE_ID, SimInputSchema } from './simLabData.ts'

/**
 * Update Sim Name with the app's effects: each save writes v1.SimRenamed to the lab log, where the fact list shows the
 * new name. In sandbox mode the queued rename is also sent to the server for one of the tester's own SIMs, and its
 * answer's fact logged.
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
  provide: (mode, io) => provideSimRename({ ...labPorts(mode, io, mode === 'sandbox' ? [simRenameOutbox()] : []), i18n: { current: i18n } }),
}
