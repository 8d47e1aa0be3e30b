import { describe, expect, it } from 'vitest'
import { readLanguageHint } from '../../src/i18n/languageHint.ts'

describe('the lang cookie hint', () => {
  it('names the language among other cookies', () => {
    expect(readLanguageHint('signed_in=abc; lang=xh; theme=dark')).toBe('xh')
    expect(readLanguageHint('lang=af')).toBe('af')
  })

  it('is no hint when missing or not one of the three languages', () => {
    expect(readLanguageHint(undefined)).toBeNull()
    expect(readLanguageHint('')).toBeNull()
    expect(readLanguageHint('lang=zu')).toBeNull()
    expect(readLanguageHint('xlang=af')).toBeNull()
  })
})
