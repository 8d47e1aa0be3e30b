import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LEGAL_PAGES, type LegalPage } from '../../src/domain/legal.ts'
import { LANGUAGES, type Language } from '../../src/domain/languageCodes.ts'
import { serverFile } from '../paths.ts'
import { placeholdersIn } from './placeholders.ts'

/** The templates the product ships (legal/templates/{en,xh,af}/*.md): the folder served when LEGAL_DIR is unset. */
export const shippedTemplatesDir = serverFile('legal', 'templates')

/** One legal text as the operator wrote it, by its place in the folder (`af/privacy.md`). */
export interface LegalSource {
  language: Language
  page: LegalPage
  file: string
  /** Undefined when the file is missing or unreadable. */
  markdown: string | undefined
}

/** The folder's texts, every language and page: `{dir}/{language}/{page}.md`. */
export function readLegalFolder(dir: string): LegalSource[] {
  return LANGUAGES.flatMap((language) =>
    LEGAL_PAGES.map((page) => {
      const file = `${language}/${page}.md`
      let markdown: string | undefined
      try {
        markdown = readFileSync(join(dir, language, `${page}.md`), 'utf8')
      } catch {
        markdown = undefined
      }
      return { language, page, file, markdown }
    }),
  )
}

export interface UnfinishedLegalText {
  file: string
  missing: boolean
  placeholders: string[]
}

/** What production refuses in a legal folder, file by file: a missing file, or the placeholders still unfilled in it. */
export function unfinishedLegalTexts(sources: readonly LegalSource[]): UnfinishedLegalText[] {
  return sources.flatMap(({ file, markdown }): UnfinishedLegalText[] => {
    if (markdown === undefined) return [{ file, missing: true, placeholders: [] }]
    const placeholders = placeholdersIn(markdown)
    return placeholders.length > 0 ? [{ file, missing: false, placeholders }] : []
  })
}
