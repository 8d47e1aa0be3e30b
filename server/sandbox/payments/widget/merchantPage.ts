import type { WidgetTexts } from '../widgetTexts.ts'
import type { WidgetTextsByLanguage } from './config.ts'

/** COPYandPAY's options, set by the merchant's page before it loads the script. */
interface MerchantOptions {
  locale?: unknown
  onReady?: unknown
  onError?: unknown
}

/** What the widget keeps on the merchant's window, as COPYandPAY does. */
export interface WidgetWindow {
  wpwl?: { checkoutId: string | null; unload(): void }
  wpwlOptions?: unknown
}

export const widgetWindow = (): WidgetWindow => window as unknown as WidgetWindow

function options(): MerchantOptions {
  const given = widgetWindow().wpwlOptions
  return given && typeof given === 'object' ? (given as MerchantOptions) : {}
}

/** Calls the merchant's callback, if it set one; a failing callback must not break the payment form. */
export function notify(name: 'onReady' | 'onError', argument?: Error): void {
  const callback = options()[name]
  if (typeof callback !== 'function') return
  try {
    callback(argument)
  } catch (error) {
    setTimeout(() => {
      throw error
    })
  }
}

/** The shopper's language and the widget's words in it: the merchant's wpwlOptions.locale, else the page's own, else English. */
export function shopperLanguage(texts: WidgetTextsByLanguage): { code: string; text: WidgetTexts } {
  for (const wanted of [options().locale, document.documentElement.lang]) {
    const code = (String(wanted || '').split(/[-_]/)[0] ?? '').toLowerCase()
    const text = Object.keys(texts).includes(code) ? texts[code] : undefined
    if (text) return { code, text }
  }
  return { code: 'en', text: texts.en }
}
