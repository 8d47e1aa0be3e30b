import { COUNTRY_CODES, SOUTH_AFRICA } from '../domain/identityDocument.ts'

/** A country's name in the UI language (the browser's own names, no catalogue to ship); English where it has none. */
export function countryName(locale: string, code: string): string {
  return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(code) ?? code
}

/** The countries a passport can be from (not South Africa, whose citizens give their ID number), by name in the UI language. */
export function passportCountries(locale: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' })
  const collator = new Intl.Collator([locale, 'en'])
  return COUNTRY_CODES.filter((code) => code !== SOUTH_AFRICA)
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label))
}
