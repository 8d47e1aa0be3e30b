import { describe, expect, it } from 'vitest'
import { formatDate } from '../../src/domain/dates.ts'
import { intlLocale } from '../../src/domain/languageCodes.ts'

// Noon UTC is the same calendar day in South Africa and wherever the tests run.
const DAY = '2026-03-05T12:00:00.000Z'

describe("dates in the customer's language", () => {
  it('writes order and bill dates day first, with the short month of the language', () => {
    expect(formatDate(DAY, 'en', 'short')).toBe('05 Mar 2026')
    expect(formatDate(DAY, 'af', 'short')).toBe('5 Mrt. 2026')
  })

  it('writes the long date with the month in full', () => {
    expect(formatDate(DAY, 'en', 'long')).toBe('5 March 2026')
    expect(formatDate(DAY, 'af', 'long')).toBe('5 Maart 2026')
  })

  it('writes isiXhosa dates with en-ZA conventions, the same in every engine (Chromium has no xh-ZA data)', () => {
    expect(intlLocale('xh')).toBe('en-ZA')
    expect(formatDate(DAY, 'xh', 'long')).toBe('5 March 2026')
    expect(formatDate(DAY, 'xh', 'short')).toBe(formatDate(DAY, 'en', 'short'))
  })

  it('writes the moment saved data was fetched with its time', () => {
    expect(formatDate(DAY, 'en', 'moment')).toMatch(/^05 Mar 2026,? \d{2}:00$/)
    expect(formatDate(DAY, 'af', 'moment')).toMatch(/^05 Mrt\. 2026,? \d{2}:00$/)
  })

  it('shows text that is no date as it is', () => {
    expect(formatDate('soon', 'af', 'short')).toBe('soon')
  })
})
