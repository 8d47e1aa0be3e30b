import type { I18n } from '@lingui/core'
import { LANGUAGES, type Language } from '../../../src/domain/languageCodes.ts'
import { sandboxI18ns } from '../i18n.ts'

export type WidgetTexts = ReturnType<typeof widgetTexts>

/** Everything the widget says, in one language. */
export function widgetTexts(i18n: I18n) {
  return {
    accept: i18n._({ id: 'widget.accept', message: 'We accept' }),
    cardNumber: i18n._({ id: 'widget.cardNumber', message: 'Card Number' }),
    expiryDate: i18n._({ id: 'widget.expiryDate', message: 'Expiry Date' }),
    expiryFormat: i18n._({ id: 'widget.expiryFormat', message: 'MM / YY' }),
    cvv: i18n._({ id: 'widget.cvv', message: 'CVV' }),
    cvvHint: i18n._({ id: 'widget.cvvHint', message: '3 digits on the back' }),
    holder: i18n._({ id: 'widget.holder', message: 'Card holder' }),
    pay: i18n._({ id: 'widget.pay', message: 'Pay now' }),
    processing: i18n._({ id: 'widget.processing', message: 'Processing…' }),
    noRealCard: i18n._({ id: 'widget.noRealCard', message: 'Sandbox payment provider: no real card is charged.' }),
    invalidNumber: i18n._({ id: 'widget.invalidNumber', message: 'Invalid card number' }),
    brandNotAccepted: i18n._({ id: 'widget.brandNotAccepted', message: 'This card brand is not accepted' }),
    invalidExpiry: i18n._({ id: 'widget.invalidExpiry', message: 'Invalid expiry date' }),
    cardExpired: i18n._({ id: 'widget.cardExpired', message: 'Card expired' }),
    invalidCvv: i18n._({ id: 'widget.invalidCvv', message: 'Invalid CVV' }),
    invalidHolder: i18n._({ id: 'widget.invalidHolder', message: 'Invalid card holder' }),
    failed: i18n._({ id: 'widget.failed', message: 'The payment could not be made. Please try again.' }),
    offline: i18n._({ id: 'widget.offline', message: 'We could not reach the payment service. Check your connection and try again.' }),
    expired: i18n._({ id: 'widget.expired', message: 'This payment session has expired. Please start again.' }),
  }
}

/** The widget's words in every language the sandboxes speak (English among them). */
export async function widgetTextsByLanguage(): Promise<Record<Language, WidgetTexts>> {
  const i18ns = await sandboxI18ns()
  return Object.fromEntries(LANGUAGES.map((language) => [language, widgetTexts(i18ns[language])])) as Record<Language, WidgetTexts>
}
