import { intlLocale } from './languageCodes.ts'

const formats = new Map<string, Intl.DateTimeFormat>()

/** A date formatter for the language (see intlLocale for isiXhosa), kept once per language and style. */
function dateFormat(language: string, style: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = intlLocale(language)
  const key = `${locale}:${style}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options)
    formats.set(key, format)
  }
  return format
}

const STYLES = {
  /** "05 Mar 2026", Afrikaans "5 Mrt. 2026": order and bill dates. */
  short: { year: 'numeric', month: 'short', day: 'numeric' },
  /** The long date (service activation): "5 March 2026", Afrikaans "5 Maart 2026". */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** When saved data was fetched: "05 Mar 2026, 10:00". */
  moment: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>

/** A date the server or the device wrote, in the language; text that is no date is shown as it is. */
export function formatDate(value: string, language: string, style: keyof typeof STYLES): string {
  const time = Date.parse(value)
  return Number.isNaN(time) ? value : dateFormat(language, style, STYLES[style]).format(time)
}
