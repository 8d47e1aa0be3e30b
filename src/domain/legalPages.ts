import * as v from 'valibot'
import { LEGAL_PAGES } from './legal.ts'
import { LANGUAGES, type Language } from './languageCodes.ts'

/** Where the app (and its service worker) reads a language's legal pages, under /api. */
export const legalApiPath = (language: Language) => `/legal/${language}`

/** One page as the server rendered it from the operator's Markdown: its title (the first heading) and safe HTML. */
export const LegalPageSchema = v.object({ page: v.picklist(LEGAL_PAGES), title: v.string(), html: v.string() })

/** GET /api/legal/{language}: every legal page in that language. */
export const LegalPagesSchema = v.object({ language: v.picklist(LANGUAGES), pages: v.array(LegalPageSchema) })
export type LegalPages = v.InferOutput<typeof LegalPagesSchema>
