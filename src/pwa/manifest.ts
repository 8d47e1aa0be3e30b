import type { I18n } from '@lingui/core'
import { DEFAULT_LANGUAGE, type Language } from '../domain/language.ts'

/*
 * The web app manifest speaks the customer's language where it can: its description and screenshot labels (the
 * name is the brand). The build writes one manifest per language (vite.config.ts), the page links the one of the
 * language on screen. The messages carry explicit ids because the build reads them without Lingui's macros.
 */

/** The shop's name: the brand, the same in every language (the manifest's name, each page's title). */
export const shopName = 'Seed Storefront'

/** The manifest's words in one language. */
export function manifestText(i18n: I18n) {
  return {
    description: i18n._({ id: 'manifest.description', message: 'Uncapped 4G and 5G data packages: browse, order and manage your SIMs, even offline.' }),
    screenshotLabel: i18n._({ id: 'manifest.screenshotLabel', message: 'Product packages' }),
  }
}

/** Where a language's manifest is served (English keeps the plugin's own). */
export function manifestUrl(language: Language): string {
  return language === DEFAULT_LANGUAGE ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`
}

/** Points the page's manifest link at the language on screen, so an install or its details read in it. */
export function linkManifest(language: Language): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
  if (link && link.getAttribute('href') !== manifestUrl(language)) link.setAttribute('href', manifestUrl(language))
}
