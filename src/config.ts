import * as v from 'valibot'

/** Build-time environment, validated once so the rest of the code trusts it. */
const ConfigSchema = v.object({
  apiBase: v.pipe(v.string(), v.minLength(1)),
  apiKey: v.pipe(v.string(), v.minLength(1)),
})

export const config = v.parse(ConfigSchema, {
  apiBase: import.meta.env.VITE_API_BASE ?? '/api',
  apiKey: import.meta.env.VITE_API_KEY,
})
