import { clientSettingsElementId, clientSettingsJson } from '../../src/domain/clientSettings.ts'
import type { ClientSettings } from '../../src/domain/clientSettings.ts'
import type { Config } from '../config.ts'
import { sandboxApiKey } from './apiKey.ts'

/** What of the server's settings the page needs; tests pass only what they exercise. */
export type ClientSettingsSource = Partial<Pick<Config, 'apiKey' | 'googlePay' | 'googleMapsKey' | 'i18nHost' | 'socialProviders'>>

/** The settings handed to the page, from the server's own (one build serves every deployment). */
export function clientSettingsOf(config: ClientSettingsSource): ClientSettings {
  return {
    apiKey: config.apiKey ?? sandboxApiKey,
    i18nHost: config.i18nHost ?? '',
    googleMapsKey: config.googleMapsKey ?? '',
    googlePay: config.googlePay ?? null,
    socialProviders: config.socialProviders ?? ['google', 'facebook', 'twitter'],
  }
}

/**
 * Writes the settings into a page as a JSON data block at the end of its head: there before any script runs, on the
 * first paint and, in the service worker's precached copy, offline. A data block is not script, so the policy's
 * script-src (no inline script) does not apply to it.
 */
export function withClientSettings(html: string, settings: ClientSettings): string {
  return intoHead(html, `<script type="application/json" id="${clientSettingsElementId}">${clientSettingsJson(settings)}</script>`)
}

/** Puts `elements` at the end of the page's head; a page without a closing head tag (it is optional) gets them straight after its doctype. */
export function intoHead(html: string, elements: string): string {
  const head = html.indexOf('</head>')
  const at = head >= 0 ? head : (/^\s*<!doctype html>/i.exec(html)?.[0].length ?? 0)
  return `${html.slice(0, at)}${elements}${head >= 0 ? '\n' : ''}${html.slice(at)}`
}
