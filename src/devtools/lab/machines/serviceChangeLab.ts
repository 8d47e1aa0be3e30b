import { fromPromise } from 'xstate'
import { serviceChangeEventSchemas } from '../../../../machines/serviceChange.events.ts'
import { serviceChangeMachine } from '../../../../machines/serviceChange.machine.ts'
import { ApiError } from '../../../api/client.ts'
import { cancelService, fetchCancellationQuote, fetchPackages, schedulePackage, undoScheduledAction } from '../../../api/serviceActions.ts'
import { serverMessages } from '../../../domain/serverMessages.ts'
import { asChangeError } from '../../../features/portal/simActions/changeError.ts'
import { fake, sandboxCustomerId } from '../fakes.ts'
import type { EffectMode, LabIo, LabMachine } from '../labMachine.ts'
import { LAB_SERVICE_ID, labCancellation, labPackages, labScheduled, labService, SimInputSchema } from './simLabData.ts'

/** A fake call: the mode's outcome (refused: the server's 400), thrown as the machine keeps failures. */
function faked<T>(mode: EffectMode, io: LabIo, value: () => T): Promise<T> {
  return asChangeError(async () => {
    if (mode === 'refused') {
      await io.delay()
      throw new ApiError(serverMessages.cancellationAlreadyScheduled, 400)
    }
    return fake(mode, io.delay, value)
  })
}

/** A real call for one of the signed-in tester's own SIMs (sandbox mode). */
const real = <T>(call: () => Promise<T>) =>
  asChangeError(() => {
    sandboxCustomerId()
    return call()
  })

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
  provide: (mode, io) =>
    serviceChangeMachine.provide({
      actors: {
        loadPackages: fromPromise(({ input }) => (mode === 'sandbox' ? real(() => fetchPackages(input.serviceId)) : faked(mode, io, labPackages))),
        schedulePackage: fromPromise(async ({ input }) =>
          mode === 'sandbox'
            ? (await real(() => schedulePackage(input.serviceId, input.productId))).body
            : faked(mode, io, () => labScheduled(input.serviceId, 'plan_change', input.productId)),
        ),
        loadCancellation: fromPromise(({ input }) =>
          mode === 'sandbox' ? real(() => fetchCancellationQuote(input.serviceId)) : faked(mode, io, labCancellation),
        ),
        cancelService: fromPromise(async ({ input }) =>
          mode === 'sandbox' ? (await real(() => cancelService(input.serviceId))).body : faked(mode, io, () => labScheduled(input.serviceId, 'cancellation')),
        ),
        undoAction: fromPromise(async ({ input }) =>
          mode === 'sandbox'
            ? (await real(() => undoScheduledAction(input.serviceId, input.actionId))).body
            : faked(mode, io, () => labService(input.serviceId)),
        ),
      },
      // The toasts belong to the service page, not the lab; the machine's context shows what was answered.
      actions: { announceChanged: () => {}, announceFailed: () => {} },
    }),
}
