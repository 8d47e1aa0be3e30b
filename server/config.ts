import * as v from 'valibot'

const flag = (fallback: 'true' | 'false') =>
  v.pipe(
    v.optional(v.picklist(['true', 'false', '1', '0', 'yes', 'no', '']), fallback),
    v.transform((s) => (s === '' ? fallback === 'true' : ['true', '1', 'yes'].includes(s))),
  )

const EnvSchema = v.object({
  PORT: v.pipe(
    v.optional(v.string(), '8080'),
    v.regex(/^\d{1,5}$/, 'PORT must be a whole number'),
    v.transform(Number),
    v.maxValue(65535, 'PORT must be at most 65535'),
  ),
  // Loopback by default: the sandbox key is public, so exposing it to the network is opt-in (HOST=0.0.0.0).
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^$|^memory:$|^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be empty, "memory:" or a postgres:// URL')),
    '',
  ),
  API_KEY: v.optional(v.pipe(v.string(), v.minLength(1, 'API_KEY must not be empty')), 'storefront-sandbox-key'),
  SEED: flag('true'),
  NODE_ENV: v.optional(v.picklist(['production', 'development', 'test']), 'production'),
})

/** The server's settings, read from the environment once at start-up. */
export interface Config {
  port: number
  host: string
  databaseUrl: string
  apiKey: string
  seed: boolean
  nodeEnv: 'production' | 'development' | 'test'
}

/** Parses env (process.env by default); throws one readable message naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = v.safeParse(EnvSchema, env)
  if (!result.success) throw new Error(`Invalid environment: ${v.summarize(result.issues)}`)
  const e = result.output
  return { port: e.PORT, host: e.HOST, databaseUrl: e.DATABASE_URL, apiKey: e.API_KEY, seed: e.SEED, nodeEnv: e.NODE_ENV }
}
