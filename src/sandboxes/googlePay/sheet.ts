/// <reference types="googlepay" />
import { t } from '@lingui/core/macro'
import { el, ensureStyles, logo } from './dom.ts'
import { CARD, EMAIL, formatTotal, paymentData, SHIPPING } from './paymentData.ts'
import { CANCELED } from './requests.ts'

let sheetCount = 0

/** What the sheet lists: the card, and the shipping address and email when the request asks for them. */
function detailRows(request: google.payments.api.PaymentDataRequest): HTMLElement {
  const rows = el('dl', 'gpay-sandbox-rows')
  const shipping = [SHIPPING.name, SHIPPING.address1, SHIPPING.locality, SHIPPING.administrativeArea, SHIPPING.postalCode, SHIPPING.countryCode]
  const shown: [string, string][] = [[t`Payment`, CARD.description]]
  if (request.shippingAddressRequired) shown.push([t`Ship to`, shipping.filter(Boolean).join(', ')])
  if (request.emailRequired) shown.push([t`Email`, EMAIL])
  for (const [term, detail] of shown) rows.append(el('div', '', el('dt', '', term), el('dd', '', detail)))
  return rows
}

/**
 * The sandbox's payment sheet: a modal bottom sheet that settles once, with Pay or with a cancellation. Like
 * Google's sheet it speaks the language on screen when it opens (the app's Lingui instance).
 */
export function openSheet(
  request: google.payments.api.PaymentDataRequest,
  info: google.payments.api.TransactionInfo,
  returnFocusTo: HTMLElement | null,
): Promise<google.payments.api.PaymentData> {
  ensureStyles()
  const id = `gpay-sandbox-title-${++sheetCount}`
  const dialog = el('dialog', 'gpay-sandbox-sheet')
  dialog.setAttribute('aria-labelledby', id)

  const title = el('h2', '', t`Google Pay (sandbox)`)
  title.id = id
  const merchant = el(
    'p',
    'gpay-sandbox-merchant',
    el('strong', '', request.merchantInfo.merchantName ?? t`Merchant`),
    el('span', 'gpay-sandbox-total', formatTotal(info)),
  )

  const pay = el('button', 'gpay-sandbox-pay', t`Pay`)
  pay.type = 'button'
  pay.autofocus = true
  const cancel = el('button', 'gpay-sandbox-cancel', t`Cancel`)
  cancel.type = 'button'

  const body = el(
    'div',
    'gpay-sandbox-body',
    el('div', 'gpay-sandbox-grip'),
    el('div', 'gpay-sandbox-head', logo(), title),
    el('p', 'gpay-sandbox-note', t`Test environment: no real card is charged.`),
    merchant,
    detailRows(request),
    el('div', 'gpay-sandbox-actions', cancel, pay),
  )
  dialog.append(body)
  document.body.append(dialog)

  return new Promise((resolve, reject) => {
    let answer: google.payments.api.PaymentData | null = null
    pay.addEventListener('click', () => {
      answer = paymentData(request)
      dialog.close()
    })
    cancel.addEventListener('click', () => dialog.close())
    // A click on the backdrop lands on the dialog itself (the body fills it): Google's sheet closes then too.
    dialog.addEventListener('click', (event) => {
      if (event.target === dialog) dialog.close()
    })
    // Escape, Cancel, backdrop or Pay all end here, exactly once.
    dialog.addEventListener(
      'close',
      () => {
        dialog.remove()
        if (returnFocusTo?.isConnected) returnFocusTo.focus()
        if (answer) resolve(answer)
        else reject(CANCELED)
      },
      { once: true },
    )
    dialog.showModal()
    pay.focus()
  })
}
