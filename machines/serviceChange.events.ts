import * as v from 'valibot'

/** What the service page's Upgrade/Downgrade, Cancel Service and Undo tell the machine: dotted, present tense. */
export type ServiceChangeEvent =
  | { type: 'service.package.open' }
  | { type: 'service.package.choose'; productId: number }
  | { type: 'service.package.confirm' }
  | { type: 'service.cancel.open' }
  | { type: 'service.cancel.confirm' }
  | { type: 'service.action.undo'; actionId: number }
  | { type: 'service.retry' }
  | { type: 'service.dialog.close' }

/** What each event carries besides its type, checked before a tester (the machine lab) sends it. */
export const serviceChangeEventSchemas = {
  'service.package.open': v.object({}),
  'service.package.choose': v.object({ productId: v.number() }),
  'service.package.confirm': v.object({}),
  'service.cancel.open': v.object({}),
  'service.cancel.confirm': v.object({}),
  'service.action.undo': v.object({ actionId: v.number() }),
  'service.retry': v.object({}),
  'service.dialog.close': v.object({}),
} satisfies Record<ServiceChangeEvent['type'], v.GenericSchema>
