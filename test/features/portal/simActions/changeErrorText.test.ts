import { setupI18n, type Messages } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { serverMessages } from '../../../../src/domain/serverMessages.ts'
import { SIM_LIFE } from '../../../../src/domain/service.ts'
import { changeErrorText } from '../../../../src/features/portal/simActions/changeErrorText.ts'
import { simLifeText } from '../../../../src/lib/simLifeText.ts'
import { compiledCatalogue } from '../../../i18n/compiledCatalogue.ts'

async function speaking(locale: string) {
  const { messages } = JSON.parse(await compiledCatalogue(locale)) as { messages: Messages }
  return setupI18n({ locale, messages: { [locale]: messages } })
}

describe('a change refused because the SIM is not active yet', () => {
  it('is said in the customer’s language, like the other refusals', async () => {
    const [en, xh, af] = await Promise.all([speaking('en'), speaking('xh'), speaking('af')])
    const refused = { offline: false, message: serverMessages.simNotActive }
    expect(changeErrorText(en, refused)).toBe('This SIM is not active yet: it can be changed once the network has activated it.')
    expect(changeErrorText(xh, refused)).toBe('Le SIM ayikasebenzi: ingatshintshwa xa uthungelwano luyivulile.')
    expect(changeErrorText(af, refused)).toBe('Hierdie SIM is nog nie aktief nie: dit kan verander word sodra die netwerk dit geaktiveer het.')
  })
})

describe('the SIM’s life states', () => {
  it('each have their own words in English, isiXhosa and Afrikaans', async () => {
    const [en, xh, af] = await Promise.all([speaking('en'), speaking('xh'), speaking('af')])
    expect(SIM_LIFE.map((state) => simLifeText(en, state))).toEqual(['Being prepared', 'On its way', 'RICA failed', 'Returned', 'Activating', 'Active'])
    expect(SIM_LIFE.map((state) => simLifeText(xh, state))).toEqual([
      'Iyalungiswa',
      'Isendleleni',
      'I-RICA ayiphumelelanga',
      'Ibuyisiwe',
      'Iyavulwa',
      'Iyasebenza',
    ])
    expect(SIM_LIFE.map((state) => simLifeText(af, state))).toEqual([
      'Word voorberei',
      'Op pad',
      'RICA het misluk',
      'Teruggestuur',
      'Word geaktiveer',
      'Aktief',
    ])
  })
})
