import { serviceChangeEventSchemas } from '../../../../machines/serviceChange.events.ts'
import { serviceChangeMachine } from '../../../../machines/serviceChange.machine.ts'
import type { Dated } from '../../../api/answeredAt.ts'
import { ApiError } from '../../../api/client.ts'
import { cancelService, fetchCancellationQuote, fetchPackages, schedulePackage, undoScheduledAction } from '../../../api/serviceActions.ts'
import type { Service } from '../../../domain/service.ts'
import { serverMessages } from '../../../domain/serverMessages.ts'
import { provideServiceChange } from '../../../features/portal/simActions/serviceChangeEffects.ts'
import type { EffectMode, LabIo, LabMachine } from '../labMachine.ts'
import { labPorts, labUi, type LabPorts } from '../labPorts.ts'
import { LAB_SERVICE_ID, labCancellation, labPackages, labScheduled, labService, SimInputSchema } from './simLabData.ts'

/**
 * A call as the mode says: in sandbox mode the real one, for one of the signed-in tester's own SIMs; refused: the
 * server's 400; otherwise the fake's answer.
 */
function answerer(mode: EffectMode, io: LabIo, lab: LabPorts) {
  return async <T>(real: () => Promise<T>, faked: () => T): Promise<T> => {
    if (mode === 'refused') {
      await io.delay()
      throw new ApiError(serverMessages.cancellationAlreadyScheduled, 400)
    }
    return lab.answer(() => {
      lab.customerId()
      return real()
    }, faked)
  }
}

const dated = (service: Service): Dated<Service> => ({ body: service, fetchedAt: new Date().toISOString() })

/** Upgrade/Downgrade, Cancel Service and Undo: against the sandbox server (one of the tester's SIMs) or fakes. */
export const serviceChangeLab: LabMachine = {
  id: 'serviceChange',
  machine: serviceChangeMachine,
  modes: ['succeeds', 'offline', 'server500', 'refused', 'sandbox'],
  input: { schema: SimInputSchema, presets: { sim: () => ({ serviceId: LAB_SERVICE_ID }) } },
  events: [
    { type: 'service.package.open', schema: serviceChangeEventSchemas['service.package.open'] },
    { type: 'service.package.choose', schema: serviceChangeEventSchemas['service.package.choose'], template: () => ({ productId: 5 }) },
    { type: 'service.package.confirm', schema: serviceChangeEventSchemas['service.package.confirm'] },
    { type: 'service.cancel.open', schema: serviceChangeEventSchemas['service.cancel.open'] },
    { type: 'service.cancel.confirm', schema: serviceChangeEventSchemas['service.cancel.confirm'] },
    { type: 'service.action.undo', schema: serviceChangeEventSchemas['service.action.undo'], template: () => ({ actionId: 1 }) },
    { type: 'service.retry', schema: serviceChangeEventSchemas['service.retry'] },
    { type: 'service.dialog.close', schema: serviceChangeEventSchemas['service.dialog.close'] },
  ],
  provide: (mode, io) => {
    const lab = labPorts(mode, io)
    const answer = answerer(mode, io, lab)
    const api = {
      fetchPackages: (serviceId: number) => answer(() => fetchPackages(serviceId), labPackages),
      schedulePackage: (serviceId: number, productId: number) =>
        answer(
          () => schedulePackage(serviceId, productId),
          () => dated(labScheduled(serviceId, 'plan_change', productId)),
        ),
      fetchCancellationQuote: (serviceId: number) => answer(() => fetchCancellationQuote(serviceId), labCancellation),
      cancelService: (serviceId: number) =>
        answer(
          () => cancelService(serviceId),
          () => dated(labScheduled(serviceId, 'cancellation')),
        ),
      undoScheduledAction: (serviceId: number, actionId: number) =>
        answer(
          () => undoScheduledAction(serviceId, actionId),
          () => dated(labService(serviceId)),
        ),
    }
    // The toasts belong to the service page, not the lab; the machine's context shows what was answered.
    return provideServiceChange({ ...lab, api, ui: labUi({ failUndo: () => undefined }) })
  },
}
