import { renderCardForm } from './cardForm.ts'
import type { WidgetConfig } from './config.ts'
import { showExpired } from './expired.ts'
import { widgetWindow } from './merchantPage.ts'
import { addStyle } from './styles.ts'
import { whenForm } from './whenForm.ts'

/**
 * The sandbox's COPYandPAY widget script, which the server bundles for browsers (server/sandbox/payments/widgetScript.ts)
 * and serves with the checkout's config. It runs in the merchant's page, finds its own origin from its script URL (it
 * works cross-origin too) and renders the card form into `form.paymentWidgets`. Runs as the script is executed, so
 * document.currentScript is this script.
 */
export default function startWidget(config: WidgetConfig): void {
  const script = document.currentScript as HTMLScriptElement | null
  const scriptUrl = new URL(script?.src || config.scriptPath, location.href)
  const page = widgetWindow()
  // A second copy of the script (a re-mounted page) takes over from the first.
  if (page.wpwl && typeof page.wpwl.unload === 'function') page.wpwl.unload()
  const cleanups: Array<() => void> = []
  page.wpwl = {
    checkoutId: config.checkoutId,
    unload: () => {
      while (cleanups.length) cleanups.pop()?.()
    },
  }
  const widget = { config, scriptUrl, onUnload: (cleanup: () => void) => void cleanups.push(cleanup) }

  addStyle(widget)
  whenForm(widget, (form) => (config.checkoutId ? renderCardForm(widget, form, config.checkoutId) : showExpired(widget, form)))
}
