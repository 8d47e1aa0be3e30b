import * as v from 'valibot'

/** The id of the JSON script element the server writes into every page it serves, with the settings below. */
export const clientSettingsElementId = 'storefront-settings'

/** Where the API lives; the same path on every deployment. */
export const apiBase = '/api'

const socialProviderNames = ['google', 'facebook', 'twitter'] as const

/** The settings that differ between deployments, read by the server at start and handed to the page at run time. */
export const ClientSettingsSchema = v.object({
  apiKey: v.pipe(v.string(), v.minLength(1)),
  /** Where the translations (/i18n/{lng}.json) live: '' is this origin, else an origin such as https://cdn.example.co.za. */
  i18nHost: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^$|^https?:\/\/[^/\s?#]+\/?$/, 'I18N_HOST must be empty or an origin such as https://cdn.example.co.za'),
    v.transform((host) => host.replace(/\/$/, '')),
  ),
  /** Google Places for address suggestions when set; the offline town list otherwise. */
  googleMapsKey: v.string(),
  /** The wallet button: absent (null) shows none; SANDBOX is the in-page stand-in for Google's sheet. */
  googlePay: v.nullable(
    v.object({
      environment: v.picklist(['SANDBOX', 'TEST', 'PRODUCTION']),
      merchantId: v.string(),
      merchantName: v.string(),
      gatewayMerchantId: v.string(),
    }),
  ),
  /** The sign-in buttons shown, in this order. */
  socialProviders: v.array(v.picklist(socialProviderNames)),
})

export type ClientSettings = v.InferOutput<typeof ClientSettingsSchema>
export type GooglePaySettings = NonNullable<ClientSettings['googlePay']>

/** What the element holds, as JSON safe inside <script> (no "</script>" or "<!--" can end or bend it). */
export const clientSettingsJson = (settings: ClientSettings): string => JSON.stringify(settings).replace(/</g, '\\u003c')

const settingsElement = new RegExp(`<script type="application/json" id="${clientSettingsElementId}">([^<]*)</script>`)

/** The settings element's JSON from a page's HTML (the service worker reads its precached page this way). */
export function clientSettingsFromHtml(html: string): ClientSettings | undefined {
  const json = settingsElement.exec(html)?.[1]
  return json ? v.parse(ClientSettingsSchema, JSON.parse(json)) : undefined
}

/** The page without its settings: the same for one build whatever the deployment. */
export const pageWithoutSettings = (html: string): string => html.replace(settingsElement, '')
