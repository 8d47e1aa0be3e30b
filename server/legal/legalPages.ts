import { createHash } from 'node:crypto'
import { LEGAL_PAGES } from '../../src/domain/legal.ts'
import type { LegalPages } from '../../src/domain/legalPages.ts'
import { LANGUAGES, type Language } from '../../src/domain/languageCodes.ts'
import { readLegalFolder, shippedTemplatesDir } from './legalFolder.ts'
import { withSampleValues } from './placeholders.ts'
import { renderLegal } from './renderLegal.ts'

/** A language's legal pages as GET /api/legal/{language} sends them: the JSON once made, and its ETag. */
export interface LegalAnswer {
  body: string
  etag: string
}

export interface LegalSettings {
  /** LEGAL_DIR: the operator's folder; '' serves the shipped templates. */
  legalDir?: string
  /** The demo (SEED) shows the templates' placeholders filled with samples; otherwise they show, marked. */
  seed?: boolean
}

const made = new Map<string, Map<Language, LegalAnswer>>()

/**
 * Every language's legal pages, rendered once per folder (at start: the texts change with a restart, like the
 * settings). A missing file falls back on the shipped template of that page, so the demo and tests always have the
 * pages; production refuses to start with one missing (server/productionChecks.ts).
 */
export function legalPages({ legalDir = '', seed = true }: LegalSettings): Map<Language, LegalAnswer> {
  const key = `${legalDir}\0${seed}`
  const known = made.get(key)
  if (known) return known
  const own = readLegalFolder(legalDir || shippedTemplatesDir)
  const shipped = legalDir ? readLegalFolder(shippedTemplatesDir) : own
  const answers = new Map<Language, LegalAnswer>()
  for (const language of LANGUAGES) {
    const pages = LEGAL_PAGES.map((page) => {
      const find = (list: typeof own) => list.find((s) => s.language === language && s.page === page)?.markdown
      const source = find(own) ?? find(shipped) ?? ''
      return { page, ...renderLegal(seed ? withSampleValues(source, language) : source) }
    })
    const body = JSON.stringify({ language, pages } satisfies LegalPages)
    answers.set(language, { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` })
  }
  made.set(key, answers)
  return answers
}
