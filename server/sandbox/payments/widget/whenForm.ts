import { widgetError } from './dom.ts'
import { notify } from './merchantPage.ts'
import type { Widget } from './widget.ts'

/** How long the widget watches for a form the merchant renders after loading the script. */
const waitForFormMs = 10_000

/** Calls `found` with the merchant's form.paymentWidgets, now or once the page adds it. */
export function whenForm(widget: Widget, found: (form: HTMLFormElement) => void): void {
  const find = () => document.querySelector<HTMLFormElement>('form.paymentWidgets')
  const form = find()
  if (form) {
    found(form)
    return
  }
  const observer = new MutationObserver(() => {
    const added = find()
    if (!added) return
    stop()
    found(added)
  })
  const timer = setTimeout(() => {
    stop()
    notify('onError', widgetError('WidgetError', 'No form.paymentWidgets was found on the page.'))
  }, waitForFormMs)
  function stop() {
    observer.disconnect()
    clearTimeout(timer)
  }
  observer.observe(document.documentElement, { childList: true, subtree: true })
  widget.onUnload(stop)
}
