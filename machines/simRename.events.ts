import * as v from 'valibot'

/** What the rename dialog tells the machine: dotted, present tense. */
export type SimRenameEvent =
  /** The dialog opens on the name the SIM shows now. */
  { type: 'sim.rename.open'; name: string } | { type: 'sim.rename.edit'; name: string } | { type: 'sim.rename.save' } | { type: 'sim.rename.cancel' }

/** What each event carries besides its type, checked before a tester (the machine lab) sends it. */
export const simRenameEventSchemas = {
  'sim.rename.open': v.object({ name: v.string() }),
  'sim.rename.edit': v.object({ name: v.string() }),
  'sim.rename.save': v.object({}),
  'sim.rename.cancel': v.object({}),
} satisfies Record<SimRenameEvent['type'], v.GenericSchema>
