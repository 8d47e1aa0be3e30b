import * as v from 'valibot'
import { defineFact, defineFamily } from './family.ts'

/** The customer's answers to the offer to install the app; read straight from the log, no projection. */
export const installFamily = defineFamily({
  stream: 'install',
  facts: {
    /** The customer said "Not now" to installing the app (its time is the fact's): the offer rests for a while. */
    'v1.InstallOfferDeclined': defineFact('install', v.object({})),
    /** The customer put away the hint to add the app to the home screen (iOS Safari): it is not shown again. */
    'v1.InstallHintDismissed': defineFact('install', v.object({})),
  },
  erasure: { 'v1.InstallOfferDeclined': 'names nobody', 'v1.InstallHintDismissed': 'names nobody' },
  projection: 'log only',
})
