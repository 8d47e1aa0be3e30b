import { el, widgetError } from './dom.ts'
import { notify, shopperLanguage } from './merchantPage.ts'
import type { Widget } from './widget.ts'

/** The checkout cannot be paid (unknown, expired or used): the form becomes a message, and the merchant is told. */
export function showExpired(widget: Widget, form: HTMLFormElement): void {
  const expiredMessage = shopperLanguage(widget.config.texts).text.expired
  const note = el('p', { class: 'wpwl-message wpwl-message-expired', role: 'alert' }, [expiredMessage])
  const container = el('div', { class: 'wpwl-form' }, [note])
  // The form stays a place for messages only: submitting it must not leave the page.
  const block = (event: Event) => event.preventDefault()
  form.replaceChildren(container)
  form.addEventListener('submit', block)
  widget.onUnload(() => {
    form.removeEventListener('submit', block)
    container.remove()
  })
  notify('onError', widgetError('InvalidCheckoutIdError', expiredMessage))
}
