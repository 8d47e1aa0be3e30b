import * as v from 'valibot'

export const socialProviders = ['google', 'facebook', 'twitter'] as const
export type SocialProvider = (typeof socialProviders)[number]
export const isSocialProvider = (name: string): name is SocialProvider => (socialProviders as readonly string[]).includes(name)

/** A real identity provider: discovered from its issuer, or its endpoints named one by one. */
export interface RealProvider {
  issuer: string
  authorizationUrl: string
  tokenUrl: string
  userinfoUrl: string
  clientId: string
  clientSecret: string
  scope: string
}
export type SocialProviderSettings = Partial<Record<SocialProvider, RealProvider>>

/** How each provider wants the client secret presented at its token endpoint. */
export const tokenAuthMethod: Record<SocialProvider, 'client_secret_basic' | 'client_secret_post'> = {
  google: 'client_secret_basic',
  facebook: 'client_secret_post',
  twitter: 'client_secret_basic',
}

export const defaultScope: Record<SocialProvider, string> = {
  google: 'openid email profile',
  facebook: 'openid email public_profile',
  twitter: 'users.read tweet.read',
}

const fields = ['ISSUER', 'AUTHORIZATION_URL', 'TOKEN_URL', 'USERINFO_URL', 'CLIENT_ID', 'CLIENT_SECRET', 'SCOPE'] as const
type SocialEnvKey = `${Uppercase<SocialProvider>}_${(typeof fields)[number]}`

const url = v.optional(v.pipe(v.string(), v.regex(/^$|^https?:\/\/\S+$/, 'must be an http(s) URL')), '')
const text = v.optional(v.string(), '')

/** GOOGLE_ISSUER ... TWITTER_SCOPE, for the environment schema. */
export const socialEnvEntries = Object.fromEntries(
  socialProviders.flatMap((p) => fields.map((f) => [`${p.toUpperCase()}_${f}`, f.endsWith('_URL') || f === 'ISSUER' ? url : text])),
) as Record<SocialEnvKey, typeof url | typeof text>

/** The providers the environment configures; half a configuration is an error, not a silent sandbox. */
export function readSocialProviders(env: Record<SocialEnvKey, string>): SocialProviderSettings {
  const settings: SocialProviderSettings = {}
  for (const p of socialProviders) {
    const get = (f: (typeof fields)[number]) => env[`${p.toUpperCase()}_${f}` as SocialEnvKey]
    const P = p.toUpperCase()
    const endpoints = get('AUTHORIZATION_URL') !== '' && get('TOKEN_URL') !== ''
    const anySet = fields.some((f) => f !== 'SCOPE' && get(f) !== '')
    if (!anySet) continue
    if (get('CLIENT_ID') === '' || get('CLIENT_SECRET') === '') throw new Error(`Invalid environment: ${P}_CLIENT_ID and ${P}_CLIENT_SECRET are both required`)
    if (get('ISSUER') === '' && !endpoints) throw new Error(`Invalid environment: set ${P}_ISSUER, or ${P}_AUTHORIZATION_URL and ${P}_TOKEN_URL`)
    settings[p] = {
      issuer: get('ISSUER'),
      authorizationUrl: get('AUTHORIZATION_URL'),
      tokenUrl: get('TOKEN_URL'),
      userinfoUrl: get('USERINFO_URL'),
      clientId: get('CLIENT_ID'),
      clientSecret: get('CLIENT_SECRET'),
      scope: get('SCOPE') || defaultScope[p],
    }
  }
  return settings
}

/** The offered providers the environment leaves unconfigured: their sign-in goes to the sandbox issuer inside this server. */
export const sandboxedProviders = (settings: SocialProviderSettings, offered: readonly SocialProvider[] = socialProviders): SocialProvider[] =>
  offered.filter((p) => !settings[p])
