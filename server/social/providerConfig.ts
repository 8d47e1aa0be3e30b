import * as v from 'valibot'

export const socialProviders = ['google', 'facebook', 'twitter'] as const
export type SocialProvider = (typeof socialProviders)[number]
export const isSocialProvider = (name: string): name is SocialProvider => (socialProviders as readonly string[]).includes(name)

/** The providers the shop offers sign-in with (SOCIAL_PROVIDERS; all three when unset): the only ones its mails name. */
export const offeredProviders = (settings: { socialProviders?: readonly SocialProvider[] | undefined }): readonly SocialProvider[] =>
  settings.socialProviders ?? socialProviders

/** The provider's name as customers know it, in the mails about its sign-ins. */
export const providerNames: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', twitter: 'X' }

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

// The client secret and the claims (the "verified" email) travel on these URLs.
const httpsOnly = 'Production takes only `https://`; plain `http://` (a local stand-in) only outside it.'

const displayName: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', twitter: 'Twitter' }

const fieldDescription = (p: SocialProvider, f: (typeof fields)[number]): string => {
  const name = displayName[p]
  const P = p.toUpperCase()
  switch (f) {
    case 'ISSUER':
      return `The real ${name} identity provider, found through its OpenID discovery document${p === 'google' ? ' (`https://accounts.google.com`)' : ''}; empty, with no endpoints either, uses the sandbox issuer inside this server. ${httpsOnly}`
    case 'AUTHORIZATION_URL':
      return `Instead of \`${P}_ISSUER\`, for a provider without discovery: ${name}'s authorization endpoint (with \`${P}_TOKEN_URL\`). ${httpsOnly}`
    case 'TOKEN_URL':
      return `Instead of \`${P}_ISSUER\`, for a provider without discovery: ${name}'s token endpoint (with \`${P}_AUTHORIZATION_URL\`). ${httpsOnly}`
    case 'USERINFO_URL':
      return `Instead of \`${P}_ISSUER\`, for a provider without discovery: ${name}'s userinfo endpoint. ${httpsOnly}`
    case 'CLIENT_ID':
      return `This server's client id at ${name}; required (with \`${P}_CLIENT_SECRET\`) once anything for ${name} is set.`
    case 'CLIENT_SECRET':
      return `This server's client secret at ${name}; required (with \`${P}_CLIENT_ID\`) once anything for ${name} is set; never sent to the browser.`
    case 'SCOPE':
      return `The scope asked of ${name}; empty: \`${defaultScope[p]}\`.`
  }
}

/** GOOGLE_ISSUER ... TWITTER_SCOPE, for the environment schema, each with its description. */
export const socialEnvEntries = Object.fromEntries(
  socialProviders.flatMap((p) =>
    fields.map((f) => [`${p.toUpperCase()}_${f}`, v.pipe(f.endsWith('_URL') || f === 'ISSUER' ? url : text, v.description(fieldDescription(p, f)))]),
  ),
) as Record<SocialEnvKey, v.SchemaWithPipe<readonly [typeof url | typeof text, v.DescriptionAction<string, string>]>>

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
