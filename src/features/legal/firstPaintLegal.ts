import * as v from 'valibot'
import { jsonDataBlock } from '../../domain/dataBlock.ts'
import { type LegalPages, LegalPagesSchema } from '../../domain/legalPages.ts'

/** The id of the data block in which a server-rendered legal page carries its language's pages. */
export const legalDataId = 'first-paint-legal'

// What the server renderer (src/entry-server.tsx) renders a legal page from, for its one synchronous render.
let rendering: LegalPages | undefined

/** Sets (and with undefined, clears) the pages the server renderer's next render shows. */
export function renderWithLegalPages(pages: LegalPages | undefined): void {
  rendering = pages
}

/** The page's data block for a language's pages (GET /api/legal/{language}'s body). */
export const legalDataBlock = (json: string): string => jsonDataBlock(legalDataId, json)

/**
 * The legal pages a page starts from: on the server, those it renders with; in the browser, those a server-rendered
 * page came with (so hydration draws what the server drew); undefined for the app shell.
 */
export function firstPaintLegalPages(): LegalPages | undefined {
  if (typeof document === 'undefined') return rendering
  const text = document.getElementById(legalDataId)?.textContent
  if (!text) return undefined
  try {
    return v.parse(LegalPagesSchema, JSON.parse(text))
  } catch {
    return undefined
  }
}
