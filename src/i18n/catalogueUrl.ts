import { config } from '../config.ts'
import type { Locale } from './locales.ts'

/** Where a language's compiled catalogue lives: /i18n/{lng}.json on the configured host (I18N_HOST, default this origin). */
export function catalogueUrl(locale: Locale, host: string = config.i18nHost): string {
  return `${host}/i18n/${locale}.json`
}
