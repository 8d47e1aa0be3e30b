import * as v from 'valibot'
import { LANGUAGES, type Language } from './languageCodes.ts'

/**
 * The pages the law expects of a South African online seller: the seller's details (ECT Act s43), the privacy notice
 * (POPIA), the terms of sale (delivery, the ECT Act s44 cooling-off, returns and refunds) and the PAIA manual's link.
 */
export const LEGAL_PAGES = ['seller', 'privacy', 'terms', 'paia'] as const
export type LegalPage = (typeof LEGAL_PAGES)[number]

export const isLegalPage = (value: unknown): value is LegalPage => typeof value === 'string' && (LEGAL_PAGES as readonly string[]).includes(value)

/** Where a legal page opens in the app (and in every mail's footer, after the shop's origin). */
export const legalPath = <P extends LegalPage>(page: P) => `/legal/${page}` as const

/** Where the app reads a language's legal pages (under /api). */
export const legalApiPath = (language: Language) => `/legal/${language}`

/** One page as the server rendered it from the operator's Markdown: its title (the first heading) and safe HTML. */
export const LegalPageSchema = v.object({ page: v.picklist(LEGAL_PAGES), title: v.string(), html: v.string() })
export type RenderedLegalPage = v.InferOutput<typeof LegalPageSchema>

/** GET /api/legal/{language}: every legal page in that language. */
export const LegalPagesSchema = v.object({ language: v.picklist(LANGUAGES), pages: v.array(LegalPageSchema) })
export type LegalPages = v.InferOutput<typeof LegalPagesSchema>
