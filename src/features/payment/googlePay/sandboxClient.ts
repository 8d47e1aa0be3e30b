/// <reference types="googlepay" />

/*
 * A local stand-in for Google's pay.js: `google.payments.api.PaymentsClient` with the same methods and answers,
 * whose "payment sheet" is an in-page modal dialog paying with a fixed test card. It exists because Google's
 * script cannot be reached in development, tests and offline demos; `@google-pay/button-react` uses it as it
 * would use Google's client. Plain DOM on purpose: it stands in for Google's own UI, not the app's. Like Google's
 * sheet it speaks the shopper's language: the language on screen when it opens (the app's Lingui instance).
 * What it tells developers (DEVELOPER_ERROR messages, as Google's) stays English.
 */
import { msg, t } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { i18n } from '@lingui/core'

type Api = typeof google.payments.api
type GoogleGlobal = { payments?: { api?: Partial<Api> } }

const CARD = { network: 'VISA', last4: '1111', description: 'Visa •••• 1111' } as const
const EMAIL = 'tester@example.co.za'
const SHIPPING: google.payments.api.Address = {
  name: 'Sandbox Tester',
  address1: '1 Long Street',
  locality: 'Cape Town',
  administrativeArea: 'Western Cape',
  postalCode: '8001',
  countryCode: 'ZA',
}

/** The card token the server's provider sandbox accepts: Google's ECv2 envelope around a readable sandbox card. */
const sandboxToken = () => JSON.stringify({
  protocolVersion: 'ECv2',
  signature: 'sandbox',
  signedMessage: JSON.stringify({
    sandbox: true,
    cardNetwork: CARD.network,
    last4: CARD.last4,
    expiryMonth: '12',
    expiryYear: '2030',
    holder: 'Sandbox Tester',
    outcome: 'approve',
  }),
})

const CANCELED: google.payments.api.PaymentsError = { statusCode: 'CANCELED', statusMessage: 'User closed the Payment Request UI.' }
const developerError = (statusMessage: string): google.payments.api.PaymentsError => ({ statusCode: 'DEVELOPER_ERROR', statusMessage })

/** What Google checks before anything else: a version and at least one payment method. */
function requestProblem(request: Partial<google.payments.api.IsReadyToPayRequest> | undefined): string | null {
  if (!request || typeof request !== 'object') return 'Request is missing.'
  if (request.apiVersion !== 2) return 'Unsupported or missing apiVersion: expected 2.'
  if (typeof request.apiVersionMinor !== 'number') return 'Missing apiVersionMinor.'
  if (!Array.isArray(request.allowedPaymentMethods) || request.allowedPaymentMethods.length === 0)
    return 'Missing allowedPaymentMethods.'
  if (!request.allowedPaymentMethods.some((method) => method.type === 'CARD'))
    return 'The sandbox only offers the CARD payment method.'
  return null
}

function paymentDataProblem(request: Partial<google.payments.api.PaymentDataRequest> | undefined): string | null {
  const problem = requestProblem(request)
  if (problem || !request) return problem
  const info = request.transactionInfo
  if (!info) return 'Missing transactionInfo.'
  if (!info.currencyCode) return 'Missing transactionInfo.currencyCode.'
  if (info.totalPriceStatus === 'FINAL' && !/^\d+(\.\d{1,2})?$/.test(info.totalPrice ?? ''))
    return 'transactionInfo.totalPrice must be a price such as "299.00" when totalPriceStatus is FINAL.'
  return null
}

/** "R299.00" for rand, the locale's currency format otherwise. */
function formatTotal(info: google.payments.api.TransactionInfo): string {
  const amount = Number(info.totalPrice ?? 0)
  if (info.currencyCode === 'ZAR') return `R${amount.toFixed(2)}`
  return new Intl.NumberFormat('en', { style: 'currency', currency: info.currencyCode }).format(amount)
}

const STYLE_ID = 'gpay-sandbox-style'
const CSS = `
.gpay-sandbox-button-fill { display: block; width: 100%; height: 100%; }
.gpay-sandbox-button {
  display: inline-flex; align-items: center; justify-content: center; gap: 6px; box-sizing: border-box;
  min-height: 48px; height: 48px; min-width: min(200px, 100%); padding: 0 24px; margin: 0;
  background: #000; color: #fff; border: 1px solid #3c4043; border-radius: 24px; cursor: pointer;
  font: 500 17px/1 "Google Sans", Roboto, system-ui, -apple-system, "Segoe UI", Arial, sans-serif; letter-spacing: .2px;
}
.gpay-sandbox-button-fill > .gpay-sandbox-button { width: 100%; height: 100%; }
.gpay-sandbox-button.white { background: #fff; color: #3c4043; border-color: #dadce0; }
.gpay-sandbox-button:hover { background: #3c4043; }
.gpay-sandbox-button.white:hover { background: #f8f9fa; }
.gpay-sandbox-button:focus-visible { outline: 3px solid #f5b700; outline-offset: 2px; }
.gpay-sandbox-button .gpay-sandbox-with { font-weight: 400; }
.gpay-sandbox-logo { display: inline-flex; align-items: baseline; gap: 3px; font-weight: 500; }
.gpay-sandbox-g {
  font-weight: 700; font-size: 1.15em;
  background: conic-gradient(from -45deg, #ea4335 0 25%, #4285f4 0 50%, #34a853 0 75%, #fbbc04 0);
  -webkit-background-clip: text; background-clip: text; color: transparent;
}
@media (max-width: 480px) { .gpay-sandbox-button { width: 100%; } }

.gpay-sandbox-sheet {
  box-sizing: border-box; width: 100%; max-width: 480px; max-height: calc(100dvh - 24px); margin: auto auto 0;
  padding: 0; border: 0; border-radius: 16px 16px 0 0; background: #fff; color: #202124; overflow: auto;
  font: 400 15px/1.45 Roboto, system-ui, -apple-system, "Segoe UI", Arial, sans-serif;
  box-shadow: 0 -4px 24px rgba(0,0,0,.25);
}
.gpay-sandbox-sheet::backdrop { background: rgba(32,33,36,.6); }
@media (min-width: 600px) { .gpay-sandbox-sheet { margin: auto; border-radius: 16px; } }
.gpay-sandbox-sheet *, .gpay-sandbox-sheet *::before, .gpay-sandbox-sheet *::after { box-sizing: border-box; }
.gpay-sandbox-body { padding: 8px 20px max(20px, env(safe-area-inset-bottom)); }
.gpay-sandbox-grip { width: 36px; height: 4px; margin: 0 auto 12px; border-radius: 2px; background: #dadce0; }
.gpay-sandbox-head { display: flex; align-items: center; gap: 10px; margin: 0 0 4px; }
.gpay-sandbox-head h2 { margin: 0; font-size: 18px; font-weight: 500; line-height: 1.3; }
.gpay-sandbox-head .gpay-sandbox-logo { font-size: 18px; }
.gpay-sandbox-note { margin: 0 0 12px; color: #5f6368; font-size: 13px; }
.gpay-sandbox-merchant { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; flex-wrap: wrap;
  margin: 0; padding: 12px 0; border-top: 1px solid #e8eaed; }
.gpay-sandbox-merchant strong { font-size: 16px; font-weight: 500; overflow-wrap: anywhere; }
.gpay-sandbox-total { font-size: 22px; font-weight: 500; white-space: nowrap; }
.gpay-sandbox-rows { margin: 0; padding: 0; }
.gpay-sandbox-rows div { display: grid; grid-template-columns: 120px 1fr; gap: 12px; padding: 12px 0; border-top: 1px solid #e8eaed; }
.gpay-sandbox-rows dt { color: #5f6368; font-size: 13px; padding-top: 1px; overflow-wrap: anywhere; }
.gpay-sandbox-rows dd { margin: 0; overflow-wrap: anywhere; }
.gpay-sandbox-actions { display: flex; flex-direction: column-reverse; gap: 8px; margin-top: 16px; }
.gpay-sandbox-actions button {
  min-height: 48px; width: 100%; margin: 0; padding: 0 20px; border-radius: 24px; cursor: pointer;
  font: 500 16px/1 Roboto, system-ui, -apple-system, "Segoe UI", Arial, sans-serif;
}
.gpay-sandbox-pay { background: #1a73e8; color: #fff; border: 1px solid #1a73e8; }
.gpay-sandbox-pay:hover { background: #1765cc; }
.gpay-sandbox-cancel { background: #fff; color: #1a73e8; border: 1px solid #dadce0; }
.gpay-sandbox-cancel:hover { background: #f1f6fe; }
.gpay-sandbox-actions button:focus-visible { outline: 3px solid #f5b700; outline-offset: 2px; }
@media (min-width: 400px) { .gpay-sandbox-actions { flex-direction: row; justify-content: flex-end; }
  .gpay-sandbox-actions button { width: auto; min-width: 120px; } }
`

/** Injects the sandbox's styles once into the document (or the shadow root the button lives in). */
function ensureStyles(root: Document | ShadowRoot = document) {
  if (root.getElementById?.(STYLE_ID) ?? (root instanceof Document ? null : root.querySelector(`#${STYLE_ID}`))) return
  const style = document.createElement('style')
  style.id = STYLE_ID
  style.textContent = CSS
  if (root instanceof Document) root.head.append(style)
  else root.append(style)
}

/** Google's "G Pay" mark: the multicoloured G and "Pay" (decorative; the button's name says "Google Pay"). */
function logo(): HTMLElement {
  const mark = document.createElement('span')
  mark.className = 'gpay-sandbox-logo'
  mark.setAttribute('aria-hidden', 'true')
  const g = document.createElement('span')
  g.className = 'gpay-sandbox-g'
  g.textContent = 'G'
  mark.append(g, ' Pay')
  return mark
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: (Node | string)[]) {
  const node = document.createElement(tag)
  if (className) node.className = className
  node.append(...children)
  return node
}

let sheetCount = 0

/** The button's name per Google's button types, as Google's own button reads it. */
const buttonLabels = {
  book: msg`Book with Google Pay`,
  buy: msg`Buy with Google Pay`,
  checkout: msg`Checkout with Google Pay`,
  donate: msg`Donate with Google Pay`,
  order: msg`Order with Google Pay`,
  pay: msg`Pay with Google Pay`,
  plain: msg`Google Pay`,
  subscribe: msg`Subscribe with Google Pay`,
  // Google's older names for buy and plain.
  long: msg`Buy with Google Pay`,
  short: msg`Google Pay`,
} satisfies Record<google.payments.api.ButtonType, MessageDescriptor>

/** The sandbox's payment sheet: a modal bottom sheet that settles once, with Pay or with a cancellation. */
function openSheet(
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
  const merchant = el('p', 'gpay-sandbox-merchant', el('strong', '', request.merchantInfo.merchantName ?? t`Merchant`),
    el('span', 'gpay-sandbox-total', formatTotal(info)))
  const rows = el('dl', 'gpay-sandbox-rows')
  const shipping = [SHIPPING.name, SHIPPING.address1, SHIPPING.locality, SHIPPING.administrativeArea, SHIPPING.postalCode, SHIPPING.countryCode]
  const shown: [string, string][] = [[t`Payment`, CARD.description]]
  if (request.shippingAddressRequired) shown.push([t`Ship to`, shipping.filter(Boolean).join(', ')])
  if (request.emailRequired) shown.push([t`Email`, EMAIL])
  for (const [term, detail] of shown) rows.append(el('div', '', el('dt', '', term), el('dd', '', detail)))

  const pay = el('button', 'gpay-sandbox-pay', t`Pay`)
  pay.type = 'button'
  pay.autofocus = true
  const cancel = el('button', 'gpay-sandbox-cancel', t`Cancel`)
  cancel.type = 'button'

  const body = el('div', 'gpay-sandbox-body',
    el('div', 'gpay-sandbox-grip'),
    el('div', 'gpay-sandbox-head', logo(), title),
    el('p', 'gpay-sandbox-note', t`Test environment: no real card is charged.`),
    merchant, rows,
    el('div', 'gpay-sandbox-actions', cancel, pay))
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
    dialog.addEventListener('close', () => {
      dialog.remove()
      if (returnFocusTo?.isConnected) returnFocusTo.focus()
      if (answer) resolve(answer)
      else reject(CANCELED)
    }, { once: true })
    dialog.showModal()
    pay.focus()
  })
}

/** Google's PaymentData for the sandbox card, shaped by what the request asked for. */
function paymentData(request: google.payments.api.PaymentDataRequest): google.payments.api.PaymentData {
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    email: EMAIL,
    paymentMethodData: {
      type: 'CARD',
      description: CARD.description,
      info: { cardNetwork: CARD.network, cardDetails: CARD.last4 },
      tokenizationData: { type: 'PAYMENT_GATEWAY', token: sandboxToken() },
    },
    ...(request.shippingAddressRequired ? { shippingAddress: { ...SHIPPING } } : {}),
  }
}

/** The sandbox `google.payments.api.PaymentsClient`. */
class SandboxPaymentsClient {
  readonly #options: google.payments.api.PaymentOptions
  /** The Google Pay button last pressed, so focus returns to it when the sheet closes. */
  #lastButton: HTMLElement | null = null
  #sheetOpen = false

  constructor(options: google.payments.api.PaymentOptions = {}) {
    if (options.environment && options.environment !== 'TEST' && options.environment !== 'PRODUCTION')
      throw developerError(`Unknown environment: ${String(options.environment)}.`)
    this.#options = options
  }

  isReadyToPay(request: google.payments.api.IsReadyToPayRequest): Promise<google.payments.api.IsReadyToPayResponse> {
    const problem = requestProblem(request)
    if (problem) return Promise.reject(developerError(problem))
    return Promise.resolve(request.existingPaymentMethodRequired ? { result: true, paymentMethodPresent: true } : { result: true })
  }

  createButton(options: google.payments.api.ButtonOptions): HTMLElement {
    if (typeof options?.onClick !== 'function') throw developerError('createButton needs an onClick handler.')
    ensureStyles(options.buttonRootNode ?? document)
    const button = el('button', `gpay-sandbox-button ${options.buttonColor === 'white' ? 'white' : 'black'}`)
    button.type = 'button'
    const type = options.buttonType ?? 'buy'
    button.setAttribute('aria-label', i18n._(buttonLabels[type] ?? buttonLabels.buy))
    button.append(logo())
    if (options.buttonRadius !== undefined) button.style.borderRadius = `${options.buttonRadius}px`
    button.addEventListener('click', (event) => {
      this.#lastButton = button
      options.onClick(event)
    })
    const container = el('div', options.buttonSizeMode === 'fill' ? 'gpay-sandbox-button-fill' : 'gpay-sandbox-button-static', button)
    return container
  }

  prefetchPaymentData(_request: google.payments.api.PaymentDataRequest): void {}

  async loadPaymentData(request: google.payments.api.PaymentDataRequest): Promise<google.payments.api.PaymentData> {
    const merchantInfo = request?.merchantInfo ?? this.#options.merchantInfo
    const info = request?.transactionInfo
    const problem = paymentDataProblem(request)
    if (problem || !info) throw developerError(problem ?? 'Missing transactionInfo.')
    if (!merchantInfo) throw developerError('Missing merchantInfo.')
    if (this.#sheetOpen) throw developerError('A payment sheet is already open.')
    this.#sheetOpen = true
    const trigger = this.#lastButton ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null)
    try {
      return await openSheet({ ...request, merchantInfo }, info, trigger)
    } finally {
      this.#sheetOpen = false
    }
  }
}

/** Defines `google.payments.api.PaymentsClient` as the sandbox, unless a client (Google's) is already there. */
export function installSandboxPaymentsClient(): void {
  if (typeof window === 'undefined') return
  const w = window as unknown as { google?: GoogleGlobal }
  w.google ??= {}
  w.google.payments ??= {}
  w.google.payments.api ??= {}
  const api = w.google.payments.api
  if (api.PaymentsClient) return
  api.PaymentsClient = SandboxPaymentsClient as unknown as Api['PaymentsClient']
}
