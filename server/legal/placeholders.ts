import type { Language } from '../../src/domain/languageCodes.ts'

/** How a template names what the operator must fill in: `{{fill in: the company's registration number}}`. */
export const placeholderPattern = /\{\{\s*fill in:\s*([^{}]+?)\s*\}\}/g

const none = { en: 'none', af: 'geen', xh: 'akukho' }

/** The names of the placeholders left in a text, each once, in the order they first appear. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(placeholderPattern)].map((match) => match[1] ?? ''))]
}

/**
 * The demo's stand-ins for the shipped templates' placeholders (SEED mode only): plainly samples, never a real
 * company's details, and no "Seed", so a shop with its own brand shows none of the demo's name. A word differs by
 * language; names, numbers and addresses do not.
 */
export const sampleValues: Record<string, string | Record<Language, string>> = {
  "the company's legal name": 'Example Mobile (Pty) Ltd',
  "the company's legal form, such as private company": { en: 'private company', af: 'private maatskappy', xh: 'inkampani yabucala' },
  "the company's registration number": '2020/123456/07',
  "the company's VAT number": '4000000000',
  "the directors' full names": 'A. Example, B. Sample',
  'the physical address': '1 Demo Street, Gardens, Cape Town, 8001',
  'the postal address': 'PO Box 1, Gardens, 8001',
  'the telephone number': '021 000 0000',
  'the customer contact email address': 'support@example.co.za',
  "the shop's web address": 'https://shop.example.co.za',
  'the bodies and codes of conduct the company subscribes to, or none': none,
  'the ombud or dispute resolution body and how to reach it': 'Consumer Goods and Services Ombud, https://www.cgso.org.za',
  'the delivery time in working days': '5',
  'the delivery fee, or free': 'R0',
  'the returns address': '1 Demo Street, Gardens, Cape Town, 8001',
  'the countries outside South Africa personal information is sent to, or none': none,
  "the information officer's full name": 'A. Example',
  "the information officer's email address": 'privacy@example.co.za',
  "the web address of the company's PAIA manual": 'https://shop.example.co.za/paia-manual.pdf',
}

/** The text with every placeholder the samples know replaced by its sample in `language`; an unknown one stays, visible. */
export function withSampleValues(text: string, language: Language): string {
  return text.replace(placeholderPattern, (whole, name: string) => {
    const sample = sampleValues[name]
    return sample === undefined ? whole : typeof sample === 'string' ? sample : sample[language]
  })
}
