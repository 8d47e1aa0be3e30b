/// <reference types="googlepay" />
import { sandboxButton } from './button.ts'
import { developerError, paymentDataProblem, requestProblem } from './requests.ts'
import { openSheet } from './sheet.ts'

/*
 * A local stand-in for Google's pay.js: `google.payments.api.PaymentsClient` with the same methods and answers,
 * whose "payment sheet" is an in-page modal dialog paying with a fixed test card. It exists because Google's
 * script cannot be reached in development, tests and offline demos; `@google-pay/button-react` uses it as it
 * would use Google's client. Plain DOM on purpose: it stands in for Google's own UI, not the app's.
 */

type Api = typeof google.payments.api
type GoogleGlobal = { payments?: { api?: Partial<Api> } }

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
    return sandboxButton(options, (button) => (this.#lastButton = button))
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
  const w = window as unknown as { google?: GoogleGlobal }
  w.google ??= {}
  w.google.payments ??= {}
  w.google.payments.api ??= {}
  const api = w.google.payments.api
  if (api.PaymentsClient) return
  api.PaymentsClient = SandboxPaymentsClient as unknown as Api['PaymentsClient']
}
