import { describe, expect, it } from 'vitest'
import { setupI18n, type Messages } from '@lingui/core'
import { ADDRESS_ERROR, ORDER_NOT_CREATED, rejectionText } from '../../src/features/orders/rejection.ts'
import { statusText } from '../../src/lib/statusText.ts'
import { compiledCatalogue } from './compiledCatalogue.ts'

async function speaking(locale: string) {
  const { messages } = JSON.parse(await compiledCatalogue(locale)) as { messages: Messages }
  return setupI18n({ locale, messages: { [locale]: messages } })
}

describe('why an order was refused, in the customer’s language', () => {
  it('translates the English texts the log keeps for a refusal (the server’s ADDRESS_ERROR among them)', async () => {
    const xh = await speaking('xh')
    expect(rejectionText(xh, ADDRESS_ERROR)).toBe('Kwenzeke impazamo xa bekuthunyelwa idilesi.')
    expect(rejectionText(xh, ORDER_NOT_CREATED)).toBe('I-odolo ayikwazanga ukwenziwa. Nceda uzame kwakhona.')
    const af = await speaking('af')
    expect(rejectionText(af, ADDRESS_ERROR)).not.toBe(ADDRESS_ERROR)
    expect(rejectionText(af, ADDRESS_ERROR)).toMatch(/adres/i)
  })

  it('translates the shared validation messages the server answers with', async () => {
    const af = await speaking('af')
    expect(rejectionText(af, 'Street name is required.')).toBe('Straatnaam is verpligtend.')
  })

  it('shows other server text as it came', async () => {
    const xh = await speaking('xh')
    expect(rejectionText(xh, 'The delivery partner is offline.')).toBe('The delivery partner is offline.')
  })

  it('translates "{name} is no longer available." keeping the product name, and the sign-up server\'s taken email', async () => {
    const [af, xh] = await Promise.all([speaking('af'), speaking('xh')])
    const { unavailableText } = await import('../../src/domain/order.ts')
    const { serverMessages } = await import('../../src/domain/serverMessages.ts')
    const { translateMessage } = await import('../../src/lib/validationMessages.ts')
    expect(rejectionText(af, unavailableText('5G Uncapped 100Mbps'))).toBe('5G Uncapped 100Mbps is nie meer beskikbaar nie.')
    expect(rejectionText(xh, unavailableText('5G Uncapped 100Mbps'))).toBe('I-5G Uncapped 100Mbps ayisafumaneki.')
    expect(translateMessage(af, serverMessages.emailTaken)).toBe('Daar is reeds ’n rekening met hierdie e-posadres.')
    expect(translateMessage(xh, serverMessages.emailTaken)).toBe('Sele ikho iakhawunti ene-imeyile le.')
  })

  it('translates the limit on email-change links the server answers 429 with', async () => {
    const [af, xh] = await Promise.all([speaking('af'), speaking('xh')])
    const { serverMessages } = await import('../../src/domain/serverMessages.ts')
    const { translateMessage } = await import('../../src/lib/validationMessages.ts')
    expect(translateMessage(af, serverMessages.tooManyEmailChanges)).toMatch(/^Jy het in ’n kort tyd vir verskeie bevestigingskakels gevra\./)
    expect(translateMessage(xh, serverMessages.tooManyEmailChanges)).toMatch(/^Ucele amakhonkco aliqela okuqinisekisa/)
  })
})

describe('field maxima and direction rules, in the customer’s language', () => {
  it('translates every length and direction message the forms and the server show', async () => {
    const [af, xh] = await Promise.all([speaking('af'), speaking('xh')])
    const { tooLongMessages, bidiMessages } = await import('../../src/domain/account.ts')
    const { simNameMessages } = await import('../../src/domain/simName.ts')
    const { serverMessages } = await import('../../src/domain/serverMessages.ts')
    const { translateMessage } = await import('../../src/lib/validationMessages.ts')
    const texts = [
      ...Object.values(tooLongMessages),
      ...Object.values(bidiMessages),
      simNameMessages.tooLongUnits,
      simNameMessages.direction,
      serverMessages.changedMeanwhile,
      serverMessages.unavailable,
    ]
    for (const text of texts) for (const i18n of [af, xh]) expect(translateMessage(i18n, text), `${i18n.locale}: ${text}`).not.toBe(text)
    expect(translateMessage(af, tooLongMessages.first_name)).toBe('Voornaam mag hoogstens 100 karakters wees.')
    expect(translateMessage(xh, tooLongMessages.first_name)).toBe('Igama alinakudlula kwiimpawu ezi-100.')
  })
})

describe('order and bill statuses from the server, in the customer’s language', () => {
  it('translates the order statuses and a paid bill’s, whatever their case', async () => {
    const af = await speaking('af')
    expect(statusText(af, 'Payment not Completed')).toBe('Betaling nie voltooi nie')
    expect(statusText(af, 'queued for delivery')).toBe('Wag vir aflewering')
    const xh = await speaking('xh')
    expect(statusText(xh, 'Active')).toBe('Iyasebenza')
    expect(statusText(xh, 'success')).toBe('iphumelele')
  })

  it('keeps the English wording in English and shows an unknown status as sent', async () => {
    const en = await speaking('en')
    expect(statusText(en, 'Payment not Completed')).toBe('Payment not Completed')
    expect(statusText(en, 'Queued for delivery')).toBe('Queued for delivery')
    const xh = await speaking('xh')
    expect(statusText(xh, 'On hold')).toBe('On hold')
  })
})

describe("the card provider's result descriptions, in the customer's language", () => {
  it('keeps every one of them word for word in English (apostrophes included), translates them in xh and af, and shows others as sent', async () => {
    const { sandboxResults } = await import('../../server/sandbox/payments/testCards.ts')
    const { providerText } = await import('../../src/features/payment/providerText.ts')
    const [en, af, xh] = await Promise.all([speaking('en'), speaking('af'), speaking('xh')])
    // 000.200.100 (checkout created) and 000.000.100 (a status query answered) describe the provider's own calls, never a payment.
    const shown = Object.values(sandboxResults).filter((r) => /^(000|100|800\.100)\./.test(r.code) && r.code !== '000.200.100' && r.code !== '000.000.100')
    expect(shown.length).toBe(7)
    for (const { description } of shown) {
      expect(providerText(en, description)).toBe(description)
      expect(providerText(af, description), description).not.toBe(description)
      expect(providerText(xh, description), description).not.toBe(description)
    }
    expect(providerText(af, 'Transaction succeeded')).toBe('Transaksie suksesvol')
    expect(providerText(xh, "Request successfully processed in 'Merchant in Integrator Test Mode'")).toBe(
      'Isicelo siqhutywe ngempumelelo kwimowudi yovavanyo yomthengisi',
    )
    expect(providerText(af, 'transaction declined (3-D secure not supported)')).toBe('transaction declined (3-D secure not supported)')
  })
})

describe('what the server answers a customer, in their language', () => {
  it('every server text a customer can meet (src/domain/serverMessages.ts) is translated in xh and af, and stays word for word in English', async () => {
    const { serverMessages } = await import('../../src/domain/serverMessages.ts')
    const { translateMessage } = await import('../../src/lib/validationMessages.ts')
    const [en, af, xh] = await Promise.all([speaking('en'), speaking('af'), speaking('xh')])
    for (const text of Object.values(serverMessages)) {
      expect(translateMessage(en, text)).toBe(text)
      expect(translateMessage(af, text), text).not.toBe(text)
      expect(translateMessage(xh, text), text).not.toBe(text)
    }
    expect(translateMessage(af, serverMessages.tooManyAttempts)).toBe('Te veel pogings om aan te meld. Wag asseblief ’n paar minute en probeer weer.')
  })
})
