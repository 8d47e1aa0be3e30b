import { i18n, type Messages } from '@lingui/core'
import { messages as english } from '../../locales/staff/en.po'

/**
 * The staff app's languages and its own catalogue (locales/staff/{locale}.po): English travels with the app, another
 * language loads as its own staff chunk when chosen. The storefront's catalogue (/i18n/{lng}.json) never carries it.
 * The codes are the storefront's (src/domain/languageCodes.ts), named here so the staff app loads none of its modules.
 */
export const staffLanguages = { en: 'English', xh: 'isiXhosa', af: 'Afrikaans' } as const
export type StaffLanguage = keyof typeof staffLanguages

const STORAGE_KEY = 'staff.language'
const catalogues: Record<Exclude<StaffLanguage, 'en'>, () => Promise<{ messages: Messages }>> = {
  xh: () => import('../../locales/staff/xh.po'),
  af: () => import('../../locales/staff/af.po'),
}

const loaded = new Set<StaffLanguage>(['en'])

export const isStaffLanguage = (value: unknown): value is StaffLanguage => typeof value === 'string' && Object.hasOwn(staffLanguages, value)

/** The language this browser last chose for the staff app, English at first. */
export function savedLanguage(): StaffLanguage {
  try {
    const saved = localStorage.getItem(STORAGE_KEY)
    return isStaffLanguage(saved) ? saved : 'en'
  } catch {
    return 'en'
  }
}

/** Shows the staff app in a language (loading its catalogue once) and keeps the choice in this browser. */
export async function showStaffLanguage(language: StaffLanguage): Promise<void> {
  if (language !== 'en' && !loaded.has(language)) {
    i18n.load(language, (await catalogues[language]()).messages)
    loaded.add(language)
  }
  i18n.activate(language)
  document.documentElement.lang = language
  try {
    localStorage.setItem(STORAGE_KEY, language)
  } catch {
    // A browser that keeps nothing shows the language until the page is closed.
  }
}

i18n.load('en', english)
i18n.activate('en')

export { i18n }
