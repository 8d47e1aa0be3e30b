import * as v from 'valibot'
import { apiBase, type ClientSettings, ClientSettingsSchema, clientSettingsElementId } from './domain/clientSettings.ts'

// Outside a page (the server's renderer of first pages, unit tests) nothing calls the API, shows a wallet or signs in.
const outsidePage: ClientSettings = { apiKey: 'outside-a-page', i18nHost: '', googleMapsKey: '', googlePay: null, socialProviders: [] }

function readPageSettings(): ClientSettings {
  if (typeof document === 'undefined' || typeof document.getElementById !== 'function') return outsidePage
  const text = document.getElementById(clientSettingsElementId)?.textContent
  if (!text) throw new Error(`the page has no #${clientSettingsElementId} element: the server writes it into every page it serves`)
  return v.parse(ClientSettingsSchema, JSON.parse(text))
}

/** This deployment's settings, read from the page once so the rest of the code trusts them. */
export const config: ClientSettings & { apiBase: string } = { ...readPageSettings(), apiBase }
