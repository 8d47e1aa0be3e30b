import type { CalendarMonth } from '../../../../src/domain/cards.ts'
import { brandBox, formBrands } from './brands.ts'
import { fieldChecks, fieldOrder, parseExpiry, refusedText, type FieldKey } from './checks.ts'
import { el } from './dom.ts'
import { showExpired } from './expired.ts'
import { followTyping, showError, textField, type Field } from './fields.ts'
import { notify, shopperLanguage } from './merchantPage.ts'
import { paymentBody, postPayment, refusedFields, type PaymentAnswer } from './payment.ts'
import type { Widget } from './widget.ts'

/** The card form in the merchant's form.paymentWidgets: checked as the shopper types, paid on submit. */
export function renderCardForm(widget: Widget, form: HTMLFormElement, checkoutId: string): void {
  const { code: lang, text } = shopperLanguage(widget.config.texts)
  const brands = formBrands(form)
  const uid = `wpwl-${Math.random().toString(36).slice(2, 8)}`
  const message = el('div', { class: 'wpwl-message', role: 'alert' })

  const number = textField(uid, 'number', text.cardNumber, {
    inputmode: 'numeric',
    autocomplete: 'cc-number',
    maxlength: '23',
    placeholder: '1234 5678 9012 3456',
  })
  const expiry = textField(
    uid,
    'expiry',
    text.expiryDate,
    { inputmode: 'numeric', autocomplete: 'cc-exp', maxlength: '9', placeholder: text.expiryFormat },
    text.expiryFormat,
  )
  const cvv = textField(uid, 'cvv', text.cvv, { inputmode: 'numeric', autocomplete: 'cc-csc', maxlength: '4' }, text.cvvHint)
  const holder = textField(uid, 'holder', text.holder, { autocomplete: 'cc-name', maxlength: '128', autocapitalize: 'words' })
  const fields: Record<FieldKey, Field> = { number: number.field, expiry: expiry.field, cvv: cvv.field, holder: holder.field }
  const brandMarks = brandBox(uid, text.accept, brands)
  const button = el('button', { type: 'submit', class: 'wpwl-button wpwl-button-pay' }, [text.pay])
  const container = el('div', { class: 'wpwl-form wpwl-form-card' }, [
    brandMarks.box,
    number.group,
    el('div', { class: 'wpwl-row' }, [expiry.group, cvv.group]),
    holder.group,
    message,
    button,
    el('p', { class: 'wpwl-secure' }, [text.noRealCard]),
  ])

  const checks = fieldChecks(text, brands)
  const refused = refusedText(text)
  const check = (key: FieldKey) => {
    const problem = checks[key](fields[key].input.value)
    showError(fields[key], problem)
    return !problem
  }

  followTyping(fields, check, brandMarks.list)

  let busy = false
  const setBusy = (on: boolean) => {
    busy = on
    button.disabled = on
    button.textContent = on ? text.processing : text.pay
    container.setAttribute('aria-busy', on ? 'true' : 'false')
  }

  /** The provider refused the payment: each refused field says so in this widget's words, else the form does. */
  const showRefusal = (answer: PaymentAnswer) => {
    const keys = refusedFields(answer)
    for (const key of keys) showError(fields[key], checks[key](fields[key].input.value) || refused[key])
    if (keys[0]) fields[keys[0]].input.focus()
    else message.textContent = text.failed
  }

  const pay = (expires: CalendarMonth) => {
    const body = paymentBody(fields, expires, lang, form)
    const url = new URL(`checkouts/${encodeURIComponent(checkoutId)}/payment`, widget.scriptUrl).href
    setBusy(true)
    message.textContent = ''
    postPayment(url, body).then(
      (answer) => {
        const next = answer.data?.redirect?.url
        // The button stays disabled while the browser leaves for the next page.
        if (answer.status === 200 && typeof next === 'string') return location.assign(next)
        setBusy(false)
        if (answer.status === 404) {
          form.removeEventListener('submit', onSubmit)
          return showExpired(widget, form)
        }
        showRefusal(answer)
      },
      () => {
        setBusy(false)
        message.textContent = text.offline
      },
    )
  }

  function onSubmit(event: Event) {
    event.preventDefault()
    if (busy) return
    const valid = fieldOrder.map(check)
    const firstBad = fieldOrder.find((_, i) => !valid[i])
    if (firstBad) return fields[firstBad].input.focus()
    const expires = parseExpiry(fields.expiry.input.value)
    if (expires) pay(expires)
  }

  form.replaceChildren(container)
  form.setAttribute('novalidate', '')
  form.addEventListener('submit', onSubmit)
  widget.onUnload(() => {
    form.removeEventListener('submit', onSubmit)
    container.remove()
  })
  notify('onReady')
}
