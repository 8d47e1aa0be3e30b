import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import { I18nProvider } from '@lingui/react'
import { messages } from '../../../../src/domain/account.ts'
import { emptyPersonal } from '../../../../src/domain/accountForm.ts'
import { PersonalStep } from '../../../../src/features/account/signIn/PersonalStep.tsx'
import { i18n } from '../../../../src/i18n/i18n.ts'
import { compiledCatalogue } from '../../../i18n/compiledCatalogue.ts'

/** The personal step as a customer choosing a passport sees it, with the messages the rules gave, in `locale`. */
async function passportStep(locale: string, errors: Record<string, string>): Promise<string> {
  const { messages: catalogue } = JSON.parse(await compiledCatalogue(locale)) as { messages: Record<string, string> }
  i18n.load(locale, catalogue)
  i18n.activate(locale)
  try {
    return renderToString(
      <I18nProvider i18n={i18n}>
        <PersonalStep values={{ ...emptyPersonal(), id_type: 'passport' }} errors={errors} onChange={() => undefined} />
      </I18nProvider>,
    )
  } finally {
    i18n.activate('en')
  }
}

describe('the identity document on the personal step, in the three languages', () => {
  it.each([
    ['en', ['Identity document', 'South African ID', 'Passport number', 'Country of issue', 'Choose a country', 'Zimbabwe', 'Germany']],
    ['xh', ['Uxwebhu lwesazisi', 'Isazisi saseMzantsi Afrika', 'Inombolo yepaspoti', 'Ilizwe elikhuphe ipaspoti', 'Khetha ilizwe', 'EZimbabwe', 'EJamani']],
    ['af', ['Identiteitsdokument', 'Suid-Afrikaanse ID', 'Paspoortnommer', 'Land van uitreiking', 'Kies ’n land', 'Zimbabwe', 'Duitsland']],
  ])('names the choice, the fields and the countries in %s', async (locale, texts) => {
    const html = await passportStep(locale, {})
    for (const text of texts) expect(html, text).toContain(`>${text}<`)
    expect(html).not.toContain('>South Africa<')
    expect(html).toMatch(/<fieldset[^>]*><legend>/)
    expect(html).toMatch(/<input type="radio" id="signup-id_type" name="id_type" value="sa_id"/)
    expect(html).toMatch(/<input type="radio" id="signup-id_type-passport" name="id_type" checked="" value="passport"/)
  })

  it.each([
    ['en', ['Passport number must be 6 to 20 letters or digits.', 'As a South African citizen, register with your South African ID number, not a passport.']],
    [
      'xh',
      [
        'Inombolo yepaspoti mayibe noonobumba okanye amanani ali-6 ukuya kwali-20.',
        'Njengommi waseMzantsi Afrika, bhalisa ngenombolo yakho yesazisi saseMzantsi Afrika, hayi ngepaspoti.',
      ],
    ],
    [
      'af',
      ['Paspoortnommer moet 6 tot 20 letters of syfers wees.', 'As Suid-Afrikaanse burger, registreer met jou Suid-Afrikaanse ID-nommer, nie ’n paspoort nie.'],
    ],
  ])('words the messages in %s, each tied to its field', async (locale, [numberMessage, countryMessage]) => {
    const html = await passportStep(locale, { id_number: messages.passportShape, id_country: messages.countrySouthAfrica })
    expect(html).toContain(`<p class="error" id="signup-id_number-error">${numberMessage}</p>`)
    expect(html).toContain(`<p class="error" id="signup-id_country-error">${countryMessage}</p>`)
    expect(html).toMatch(/<select[^>]*aria-invalid="true" aria-describedby="signup-id_country-error"/)
  })
})
