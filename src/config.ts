import * as v from 'valibot'

/** Build-time environment, validated once so the rest of the code trusts it. */
const ConfigSchema = v.object({
  apiBase: v.pipe(v.string(), v.minLength(1)),
  apiKey: v.pipe(v.string(), v.minLength(1)),
  /** Where the translations (/i18n/{lng}.json) live: '' is this origin, else an origin such as https://cdn.example.co.za. */
  i18nHost: v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^$|^https?:\/\/[^/\s?#]+\/?$/, 'VITE_I18N_HOST must be empty or an origin such as https://cdn.example.co.za'),
    v.transform((host) => host.replace(/\/$/, '')),
  ),
})

export const config = v.parse(ConfigSchema, {
  apiBase: import.meta.env.VITE_API_BASE ?? '/api',
  apiKey: import.meta.env.VITE_API_KEY,
  i18nHost: import.meta.env.VITE_I18N_HOST ?? '',
})
