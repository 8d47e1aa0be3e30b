import type { I18n } from '@lingui/core'
import { type Language, manifestUrl } from '../domain/languageCodes.ts'

/*
 * The web app manifest speaks the customer's language where it can: its description, screenshot labels and
 * shortcuts (the name is the brand, which the server writes in). The build writes one manifest per language
 * (vite.config.ts), the page links the one of the language on screen. The messages carry explicit ids because the
 * build reads them without Lingui's macros.
 */

/** The manifest's words in one language. */
export function manifestText(i18n: I18n) {
  return {
    description: i18n._({ id: 'manifest.description', message: 'Uncapped 4G and 5G data packages: browse, order and manage your SIMs, even offline.' }),
    screenshotLabel: i18n._({ id: 'manifest.screenshotLabel', message: 'Product packages' }),
    shortcuts: {
      sims: i18n._({ id: 'manifest.shortcut.sims', message: 'My SIMs' }),
      bundle: i18n._({ id: 'manifest.shortcut.bundle', message: 'Buy a bundle' }),
      billing: i18n._({ id: 'manifest.shortcut.billing', message: 'Billing' }),
      support: i18n._({ id: 'manifest.shortcut.support', message: 'Support' }),
    },
  }
}

export type ManifestText = ReturnType<typeof manifestText>

/** The installed app's shortcuts (a long press on its icon), in the language of `text`: each opens a screen of the portal. */
export function manifestShortcuts(text: ManifestText) {
  const shortcut = (name: string, url: string, icon: string) => ({
    name,
    url,
    icons: [{ src: `/icons/${icon}.png`, sizes: '96x96', type: 'image/png' }],
  })
  return [
    shortcut(text.shortcuts.sims, '/services', 'shortcut-sims'),
    shortcut(text.shortcuts.bundle, '/services?bundle=1', 'shortcut-bundle'),
    shortcut(text.shortcuts.billing, '/billing', 'shortcut-billing'),
    shortcut(text.shortcuts.support, '/support', 'shortcut-support'),
  ]
}

/** Points the page's manifest link at the language on screen, so an install or its details read in it. */
export function linkManifest(language: Language): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')
  if (link && link.getAttribute('href') !== manifestUrl(language)) link.setAttribute('href', manifestUrl(language))
}
