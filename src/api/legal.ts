import { type LegalPages, LegalPagesSchema, legalApiPath } from '../domain/legalPages.ts'
import type { Language } from '../domain/languageCodes.ts'
import { getJson } from './client.ts'

/** GET /api/legal/{language}: the shop's legal pages in that language (kept by the service worker for offline). */
export function fetchLegalPages(language: Language): Promise<LegalPages> {
  return getJson(legalApiPath(language), LegalPagesSchema)
}
