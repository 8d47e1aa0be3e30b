import { setupI18n, type Messages } from '@lingui/core'
import type { Plugin } from 'vite'
import type { ManifestOptions } from 'vite-plugin-pwa'
import { compileCatalogue } from '../../server/i18n/catalogues.ts'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, manifestUrl } from '../../src/domain/languageCodes.ts'
import { manifestShortcuts, manifestText } from '../../src/pwa/manifest.ts'

/** The storefront's messages in one language, as Lingui outside the app (the build has no macros). */
async function storefrontText(language: Language) {
  const { messages } = JSON.parse(await compileCatalogue('storefront', language)) as { messages: Messages }
  return manifestText(setupI18n({ locale: language, messages: { [language]: messages } }))
}

/** The web app manifest in English; the build adds one per language (localizedManifests). */
export async function webManifest() {
  const englishText = await storefrontText(DEFAULT_LANGUAGE)
  return {
    id: '/',
    // The server writes the reseller's name, short name and theme colour into the manifests it serves (server/brand/brandFiles.ts).
    name: 'Storefront',
    short_name: 'Storefront',
    description: englishText.description,
    start_url: '/',
    scope: '/',
    // No orientation: the app works either way round, and a customer with a phone fixed in landscape must be able to use it.
    display: 'standalone',
    theme_color: '#0b4f9c',
    background_color: '#f4f6fa',
    lang: 'en',
    categories: ['shopping', 'utilities'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    screenshots: [
      { src: '/screenshots/home-narrow.png', sizes: '720x1480', type: 'image/png', form_factor: 'narrow', label: englishText.screenshotLabel },
      { src: '/screenshots/home-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: englishText.screenshotLabel },
    ],
    shortcuts: manifestShortcuts(englishText),
  } satisfies Partial<ManifestOptions>
}

export type WebManifest = Awaited<ReturnType<typeof webManifest>>

/** Writes manifest.{lng}.webmanifest for each other language: the description, screenshot labels and shortcuts translated. */
export function localizedManifests(manifest: WebManifest): Plugin {
  return {
    name: 'localized-manifests',
    async generateBundle() {
      for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
        const text = await storefrontText(language)
        const localized = {
          ...manifest,
          lang: language,
          description: text.description,
          screenshots: manifest.screenshots.map((shot) => ({ ...shot, label: text.screenshotLabel })),
          shortcuts: manifestShortcuts(text),
        }
        this.emitFile({ type: 'asset', fileName: manifestUrl(language).slice(1), source: JSON.stringify(localized) })
      }
    },
  }
}
