import * as v from 'valibot'
import { LANGUAGES } from '../languageCodes.ts'
import { defineFact, defineFamily } from './family.ts'

/** The language the customer chose on this device; read straight from the log (the latest choice), no projection. */
export const languageFamily = defineFamily({
  stream: 'language',
  facts: {
    /** The language the customer chose on this device (committed once its catalogue was shown). */
    'v1.LanguageChosen': defineFact('language', v.object({ language: v.picklist(LANGUAGES) })),
  },
  erasure: { 'v1.LanguageChosen': 'names nobody' },
  projection: 'log only',
})
