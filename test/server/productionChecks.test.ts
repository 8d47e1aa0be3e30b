import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { demoIdNumberKey } from '../../server/accounts/idNumberSeal.ts'
import { loadConfig } from '../../server/config.ts'
import { productionProblems, readClientBuild, simulatedBySandboxes } from '../../server/productionChecks.ts'
import type { DeploymentSettings } from '../../server/productionChecks.ts'
import { demoVapidKeys } from '../../server/push/pushSettings.ts'
import { generateVapidKeys } from '../../server/push/vapid.ts'
import { safeProductionEnv } from './helpers/productionEnv.ts'

/** The settings production judges, read from an environment as the server reads it, with the client given. */
const settingsFrom = (env: Record<string, string>, client: DeploymentSettings['client']): DeploymentSettings => ({ ...loadConfig(env), client })
const builtWithoutLab = { lab: false }
const problemsWith = (changes: Record<string, string | undefined>, client: DeploymentSettings['client'] = builtWithoutLab) => {
  const env: Record<string, string> = { ...safeProductionEnv }
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete env[name]
    else env[name] = value
  }
  return productionProblems(settingsFrom(env, client))
}

describe('what production refuses to start with', () => {
  it('refuses metrics on a non-loopback address without a token of 32 characters, and takes them on loopback or behind one', () => {
    expect(problemsWith({ METRICS_PORT: '9464' })).toEqual([])
    expect(problemsWith({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'x'.repeat(32) })).toEqual([])
    for (const token of [undefined, 'short']) {
      const problems = problemsWith({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token })
      expect(problems).toHaveLength(1)
      expect(problems[0]).toMatch(/^METRICS_HOST \(0\.0\.0\.0\) is not loopback and METRICS_TOKEN/)
    }
  })

  it('accepts PostgreSQL, a real card provider and identity providers, an own key, no seed, no lab and an https origin', () => {
    expect(productionProblems(settingsFrom(safeProductionEnv, builtWithoutLab))).toEqual([])
  })

  it('names every problem of the demo settings, one sentence each', () => {
    const problems = productionProblems({ ...loadConfig({ NODE_ENV: 'production' }), client: { lab: true } })
    expect(problems).toHaveLength(16)
    for (const name of [
      'ID_NUMBER_KEY',
      'VAPID_PUBLIC_KEY',
      'VAPID_SUBJECT',
      'PARTNER_ID',
      'DATABASE_URL',
      'PAYMENT_BASE_URL',
      'NETWORK_BASE_URL',
      'GOOGLE, FACEBOOK, TWITTER',
      'SMTP_URL',
      'SUPPORT_EMAIL',
      'SELLER_VAT_NUMBER',
      'SHOP_ICON',
      'API_KEY',
      'SEED',
      'VITE_LAB',
      'PUBLIC_URL',
    ])
      expect(
        problems.filter((p) => p.includes(name)),
        name,
      ).toHaveLength(1)
    expect(problems.every((p) => !p.includes('\n'))).toBe(true)
  })

  it("refuses a missing ID_NUMBER_KEY or the demo's public one unless SANDBOX=true", () => {
    for (const key of [undefined, demoIdNumberKey, demoIdNumberKey.toUpperCase()]) {
      expect(problemsWith({ ID_NUMBER_KEY: key })).toEqual([
        expect.stringMatching(/^ID_NUMBER_KEY is (not set|the demo's public key), so anyone could read.*SANDBOX=true/),
      ])
      expect(problemsWith({ ID_NUMBER_KEY: key, SANDBOX: 'true' })).toEqual([])
    }
    expect(() => loadConfig({ ID_NUMBER_KEY: 'abc' })).toThrow(/ID_NUMBER_KEY must be 64 hex digits/)
  })

  it('refuses the embedded PGlite: no DATABASE_URL, or memory:', () => {
    expect(problemsWith({ DATABASE_URL: undefined })).toEqual([expect.stringMatching(/^DATABASE_URL is not set: production needs PostgreSQL/)])
    expect(problemsWith({ DATABASE_URL: 'memory:' })).toEqual([expect.stringMatching(/^DATABASE_URL is memory:/)])
  })

  it('refuses the sandbox card provider unless SANDBOX=true', () => {
    const unset = { PAYMENT_BASE_URL: undefined, PAYMENT_ENTITY_ID: undefined, PAYMENT_ACCESS_TOKEN: undefined }
    expect(problemsWith(unset)).toEqual([expect.stringMatching(/^PAYMENT_BASE_URL, PAYMENT_ENTITY_ID and PAYMENT_ACCESS_TOKEN are not set.*SANDBOX=true/)])
    expect(problemsWith({ ...unset, SANDBOX: 'true' })).toEqual([])
  })

  it('refuses the sandbox network unless SANDBOX=true, naming the settings of a real enabler', () => {
    const unset = { NETWORK_BASE_URL: undefined, NETWORK_API_TOKEN: undefined, NETWORK_WEBHOOK_SECRET: undefined }
    expect(problemsWith(unset)).toEqual([
      expect.stringMatching(
        /^NETWORK_BASE_URL is not set, so SIMs would be activated by the sandbox network, which makes up their mobile numbers, balances and usage: set NETWORK_BASE_URL, NETWORK_API_TOKEN and NETWORK_WEBHOOK_SECRET .*docs\/network\.md.*SANDBOX=true/,
      ),
    ])
    expect(problemsWith({ ...unset, SANDBOX: 'true' })).toEqual([])
  })

  it('refuses an http:// NETWORK_BASE_URL, naming it, even with SANDBOX=true', () => {
    for (const sandbox of [{}, { SANDBOX: 'true' }])
      expect(problemsWith({ NETWORK_BASE_URL: 'http://api.enabler.example.co.za', ...sandbox })).toEqual([
        expect.stringMatching(/^NETWORK_BASE_URL \(http:\/\/api\.enabler\.example\.co\.za\) is not https/),
      ])
  })

  it('refuses to run without the payment reconciliation worker, and needs no webhook key', () => {
    expect(problemsWith({ RECONCILE_INTERVAL_MS: '0' })).toEqual([
      expect.stringMatching(/^RECONCILE_INTERVAL_MS is 0, so nobody would record a card payment whose customer closed the tab/),
    ])
    expect(problemsWith({ RECONCILE_INTERVAL_MS: '5000' })).toEqual([])
    expect(problemsWith({ PAYMENT_WEBHOOK_KEY: 'ab'.repeat(32) })).toEqual([])
  })

  it('refuses to run without the job that applies scheduled SIM actions', () => {
    expect(problemsWith({ SERVICE_ACTIONS_INTERVAL_MS: '0' })).toEqual([expect.stringMatching(/^SERVICE_ACTIONS_INTERVAL_MS is 0, so no package change/)])
    expect(problemsWith({ SERVICE_ACTIONS_INTERVAL_MS: '5000' })).toEqual([])
  })

  it('refuses the sandbox identity issuer for any provider left unconfigured, unless SANDBOX=true', () => {
    const noFacebook = { FACEBOOK_ISSUER: undefined, FACEBOOK_CLIENT_ID: undefined, FACEBOOK_CLIENT_SECRET: undefined }
    expect(problemsWith(noFacebook)).toEqual([expect.stringMatching(/^FACEBOOK sign-in would use the sandbox identity issuer.*FACEBOOK_ISSUER.*SANDBOX=true/)])
    expect(problemsWith({ ...noFacebook, SANDBOX: 'true' })).toEqual([])
  })

  it('checks only the providers SOCIAL_PROVIDERS offers, and none when it is empty', () => {
    const noFacebook = { FACEBOOK_ISSUER: undefined, FACEBOOK_CLIENT_ID: undefined, FACEBOOK_CLIENT_SECRET: undefined }
    expect(problemsWith({ ...noFacebook, SOCIAL_PROVIDERS: 'google,twitter' })).toEqual([])
    const noProviders = Object.fromEntries(
      ['GOOGLE', 'FACEBOOK', 'TWITTER'].flatMap((p) =>
        ['ISSUER', 'AUTHORIZATION_URL', 'TOKEN_URL', 'CLIENT_ID', 'CLIENT_SECRET'].map((f) => [`${p}_${f}`, undefined]),
      ),
    )
    expect(problemsWith({ ...noProviders, SOCIAL_PROVIDERS: '' })).toEqual([])
    expect(problemsWith({ ...noFacebook, SOCIAL_PROVIDERS: 'facebook' })).toEqual([
      expect.stringMatching(/^FACEBOOK sign-in would use the sandbox identity issuer/),
    ])
  })

  it("refuses Google Pay's TEST sheet unless SANDBOX=true, and PRODUCTION without a merchant id", () => {
    const wallet = { GOOGLE_PAY_GATEWAY_MERCHANT_ID: 'peach-8ac7' }
    expect(problemsWith({ ...wallet, GOOGLE_PAY_ENVIRONMENT: 'TEST' })).toEqual([
      expect.stringMatching(/^GOOGLE_PAY_ENVIRONMENT is TEST, so customers would get Google's test sheet.*SANDBOX=true/),
    ])
    expect(problemsWith({ ...wallet, GOOGLE_PAY_ENVIRONMENT: 'TEST', SANDBOX: 'true' })).toEqual([])
    const noMerchant = [expect.stringMatching(/^GOOGLE_PAY_ENVIRONMENT is PRODUCTION without GOOGLE_PAY_MERCHANT_ID/)]
    expect(problemsWith({ ...wallet, GOOGLE_PAY_ENVIRONMENT: 'PRODUCTION' })).toEqual(noMerchant)
    expect(problemsWith({ ...wallet, GOOGLE_PAY_ENVIRONMENT: 'PRODUCTION', SANDBOX: 'true' })).toEqual(noMerchant)
    expect(problemsWith({ ...wallet, GOOGLE_PAY_ENVIRONMENT: 'PRODUCTION', GOOGLE_PAY_MERCHANT_ID: 'BCR2DN4T7X4QWXYZ' })).toEqual([])
    expect(problemsWith({ GOOGLE_PAY_ENVIRONMENT: 'SANDBOX' })).toEqual([expect.stringMatching(/^GOOGLE_PAY_ENVIRONMENT is SANDBOX/)])
    // No wallet settings with a real card provider: no wallet button, nothing to refuse.
    expect(problemsWith({ GOOGLE_PAY_ENVIRONMENT: undefined })).toEqual([])
  })

  it('refuses the sandbox mailbox unless SANDBOX=true: mails go out through SMTP_URL', () => {
    expect(problemsWith({ SMTP_URL: undefined, MAIL_FROM: undefined })).toEqual([
      expect.stringMatching(/^SMTP_URL is not set, so mails .* sandbox mailbox at \/sandbox\/mail.*set SMTP_URL and MAIL_FROM.*SANDBOX=true/),
    ])
    expect(problemsWith({ SMTP_URL: undefined, SANDBOX: 'true' })).toEqual([])
  })

  it('refuses the public sandbox API key', () => {
    expect(problemsWith({ API_KEY: undefined })).toEqual([expect.stringMatching(/^API_KEY is the public sandbox key/)])
    expect(problemsWith({ API_KEY: 'storefront-sandbox-key' })).toHaveLength(1)
  })

  it('refuses SEED=true, which is also the default', () => {
    expect(problemsWith({ SEED: 'true' })).toEqual([expect.stringMatching(/^SEED is true.*set SEED=false/)])
    expect(problemsWith({ SEED: undefined })).toHaveLength(1)
  })

  it('refuses a client built with the lab, and a missing client build', () => {
    expect(problemsWith({}, { lab: true })).toEqual([expect.stringMatching(/machine lab \(\/lab\).*VITE_LAB=false/)])
    expect(productionProblems(settingsFrom(safeProductionEnv, undefined))).toEqual([
      expect.stringMatching(/no client build in dist\/client: run npm run build/),
    ])
  })

  it('refuses a PUBLIC_URL that is missing or not https', () => {
    // With SMTP_URL the configuration itself refuses a missing PUBLIC_URL (config.test.ts); here the sandbox mailbox.
    expect(problemsWith({ PUBLIC_URL: undefined, SMTP_URL: undefined, SANDBOX: 'true' })).toEqual([expect.stringMatching(/^PUBLIC_URL is not set/)])
    expect(problemsWith({ PUBLIC_URL: 'http://shop.example.co.za' })).toEqual([
      expect.stringMatching(/^PUBLIC_URL \(http:\/\/shop\.example\.co\.za\) is not https/),
    ])
  })

  it('refuses COOKIE_SECURE=false, naming it; auto and true are fine', () => {
    expect(problemsWith({ COOKIE_SECURE: 'false' })).toEqual([
      expect.stringMatching(/^COOKIE_SECURE is false, so the session cookie would also be sent over plain http/),
    ])
    expect(problemsWith({ COOKIE_SECURE: 'auto' })).toEqual([])
    expect(problemsWith({ COOKIE_SECURE: 'true' })).toEqual([])
  })

  it('refuses a SCRYPT_N below the default, naming it; the default and above are fine', () => {
    expect(problemsWith({ SCRYPT_N: '1024' })).toEqual([expect.stringMatching(/^SCRYPT_N \(1024\) is below the default 131072/)])
    expect(problemsWith({ SCRYPT_N: '65536' })).toHaveLength(1)
    expect(problemsWith({ SCRYPT_N: '131072' })).toEqual([])
    expect(problemsWith({ SCRYPT_N: '262144' })).toEqual([])
    // A staging server's test customers may hash cheaply.
    expect(problemsWith({ SCRYPT_N: '1024', SANDBOX: 'true' })).toEqual([])
  })

  it('refuses an http:// PAYMENT_BASE_URL, naming it', () => {
    expect(problemsWith({ PAYMENT_BASE_URL: 'http://eu-test.oppwa.com' })).toEqual([
      expect.stringMatching(/^PAYMENT_BASE_URL \(http:\/\/eu-test\.oppwa\.com\) is not https/),
    ])
  })

  it("refuses the card provider's test system unless SANDBOX=true, and takes its live one", () => {
    for (const url of ['https://eu-test.oppwa.com', 'https://test.oppwa.com', 'https://EU-TEST.oppwa.com/v1']) {
      expect(problemsWith({ PAYMENT_BASE_URL: url }), url).toEqual([
        expect.stringMatching(
          /^PAYMENT_BASE_URL \(https:\/\/[^)]+\) is the card provider's test system, which never charges a card.*set the live one, https:\/\/eu-prod\.oppwa\.com.*SANDBOX=true/,
        ),
      ])
      expect(problemsWith({ PAYMENT_BASE_URL: url, SANDBOX: 'true' }), url).toEqual([])
    }
    for (const url of ['https://eu-prod.oppwa.com', 'https://oppwa.com', 'https://test.oppwa.com.example.co.za'])
      expect(problemsWith({ PAYMENT_BASE_URL: url }), url).toEqual([])
  })

  it('refuses SMTP credentials over a connection that may be plain text or unverified, even with SANDBOX=true; a relay without credentials or on loopback may be plain', () => {
    const refused: Array<[string, RegExp]> = [
      ['smtp://mailer:secret@smtp.example.co.za:587?ignoreTLS=true', /ignoreTLS=true sends them in plain text/],
      ['smtp://mailer:secret@smtp.example.co.za:25?requireTLS=false&ignoreTLS=true', /ignoreTLS=true sends them in plain text/],
      ['smtp://mailer:secret@smtp.example.co.za:587?requireTLS=false', /requireTLS=false sends them in plain text whenever the server does not offer STARTTLS/],
      ['smtp://mailer@smtp.example.co.za:587?requireTLS=0', /requireTLS=false sends them in plain text/],
      ['smtps://mailer:secret@smtp.example.co.za:465?secure=false', /secure=false turns the TLS of smtps:\/\/ off/],
      ['smtps://mailer:secret@smtp.example.co.za:465?tls.rejectUnauthorized=false', /tls\.rejectUnauthorized=false sends them to whoever answers/],
    ]
    for (const [url, why] of refused)
      for (const sandbox of [{}, { SANDBOX: 'true' }]) {
        const problems = problemsWith({ SMTP_URL: url, ...sandbox })
        expect(problems, `${url} ${JSON.stringify(sandbox)}`).toEqual([
          expect.stringMatching(/^SMTP_URL carries a user name and password, and .*: use smtps:\/\//),
        ])
        expect(problems[0]).toMatch(why)
      }
    for (const url of [
      'smtps://mailer:secret@smtp.example.co.za:465',
      // STARTTLS is required (server/mail/smtpMailer.ts adds requireTLS=true); requireTLS wins over ignoreTLS in the transport.
      'smtp://mailer:secret@smtp.example.co.za:587',
      'smtp://mailer:secret@smtp.example.co.za:587?requireTLS=true&ignoreTLS=true',
      // Only ignoreTLS=true itself opts out of the required STARTTLS.
      'smtp://mailer:secret@smtp.example.co.za:587?ignoreTLS=1',
      'smtp://127.0.0.1:25?ignoreTLS=true',
      // Credentials on loopback never reach a network (a relay on the same machine, the tests' fake SMTP server).
      'smtp://mailer:secret@127.0.0.1:2525?requireTLS=false',
      'smtp://mailer:secret@localhost:25?ignoreTLS=true',
      'smtp://mailer:secret@[::1]:25?ignoreTLS=true',
      'smtp://relay.internal:25?requireTLS=false',
    ])
      expect(problemsWith({ SMTP_URL: url }), url).toEqual([])
  })

  it("refuses the demo's partner settings, which every order and payment is stamped with, unless SANDBOX=true", () => {
    expect(problemsWith({ PARTNER_ID: undefined, PARTNER_AGENT_EMAIL: undefined })).toEqual([
      expect.stringMatching(
        /^PARTNER_ID \(1\) and PARTNER_AGENT_EMAIL \(webstore@storefront\.co\.za\) are the demo's, which the server stamps on every order and payment it records.*set the partner id and agent address.*SANDBOX=true/,
      ),
    ])
    expect(problemsWith({ PARTNER_ID: '1' })).toEqual([expect.stringMatching(/^PARTNER_ID \(1\) is the demo's/)])
    expect(problemsWith({ PARTNER_AGENT_EMAIL: undefined })).toEqual([
      expect.stringMatching(/^PARTNER_AGENT_EMAIL \(webstore@storefront\.co\.za\) is the demo's/),
    ])
    expect(problemsWith({ PARTNER_ID: undefined, PARTNER_AGENT_EMAIL: undefined, SANDBOX: 'true' })).toEqual([])
  })

  it('refuses an http:// identity provider URL, loopback included and with SANDBOX=true, naming each: the client secret and verified claims would travel in the clear', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ GOOGLE_ISSUER: 'http://accounts.google.com' }, 'GOOGLE_ISSUER'],
      [{ GOOGLE_ISSUER: 'http://127.0.0.1:8080/realms/shop' }, 'GOOGLE_ISSUER'],
      [{ FACEBOOK_ISSUER: 'http://www.facebook.com' }, 'FACEBOOK_ISSUER'],
      [{ TWITTER_TOKEN_URL: 'http://api.twitter.com/2/oauth2/token' }, 'TWITTER_TOKEN_URL'],
      [{ TWITTER_AUTHORIZATION_URL: 'http://twitter.com/i/oauth2/authorize' }, 'TWITTER_AUTHORIZATION_URL'],
      [{ TWITTER_USERINFO_URL: 'http://localhost/userinfo' }, 'TWITTER_USERINFO_URL'],
    ]
    for (const [changes, name] of cases)
      for (const sandbox of [{}, { SANDBOX: 'true' }]) {
        const problems = problemsWith({ ...changes, ...sandbox })
        expect(problems, `${name} ${JSON.stringify(sandbox)}`).toHaveLength(1)
        expect(problems[0]).toMatch(new RegExp(`^${name} \\(http://[^)]+\\) is not https`))
      }
    expect(problemsWith({ TWITTER_USERINFO_URL: 'https://api.twitter.com/2/users/me' })).toEqual([])
  })

  it('lets SANDBOX=true allow the sandboxes only: the database, key, seed, lab, origin and the demo brand are still refused', () => {
    const problems = productionProblems({ ...loadConfig({ NODE_ENV: 'production', SANDBOX: 'true' }), client: { lab: true } })
    expect(problems.map((p) => /^\S+/.exec(p)?.[0])).toEqual([
      'DATABASE_URL',
      'SUPPORT_EMAIL',
      'SELLER_NAME,',
      'SHOP_NAME,',
      'API_KEY',
      'SEED',
      'the',
      'PUBLIC_URL',
    ])
  })

  it("refuses unset VAPID keys or the demo's pair unless SANDBOX=true, a pair that does not match, and a subject nobody can be reached at", () => {
    for (const keys of [
      { VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined },
      { VAPID_PUBLIC_KEY: demoVapidKeys.publicKey, VAPID_PRIVATE_KEY: demoVapidKeys.privateKey },
    ]) {
      expect(problemsWith(keys)).toEqual([
        expect.stringMatching(/^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set \(or are the demo's public pair\).*npm run push:keys/),
      ])
      expect(problemsWith({ ...keys, SANDBOX: 'true' })).toEqual([])
    }
    const other = generateVapidKeys()
    for (const sandbox of [undefined, 'true'])
      expect(problemsWith({ VAPID_PRIVATE_KEY: other.privateKey, SANDBOX: sandbox })).toEqual([
        expect.stringMatching(/^VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY/),
      ])
    expect(problemsWith({ VAPID_SUBJECT: undefined })).toEqual([
      expect.stringMatching(/^VAPID_SUBJECT is not set \(the demo's mailto:support@storefront.co.za\)/),
    ])
    expect(problemsWith({ VAPID_SUBJECT: 'https://shop.co.za/contact' })).toEqual([])
    for (const subject of [
      'mailto:ops@localhost',
      'mailto:ops@example.com',
      'https://shop.example.co.za/',
      'mailto:me@shop.local',
      'https://push.test',
      'mailto:nobody',
    ])
      expect(problemsWith({ VAPID_SUBJECT: subject, SANDBOX: 'true' }), subject).toEqual([expect.stringMatching(/^VAPID_SUBJECT \(/)])
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@shop.co.za' })).toThrow(/VAPID_SUBJECT must be a mailto: address or an https: URL/)
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: other.publicKey })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/)
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: other.privateKey })).toThrow(/VAPID_PUBLIC_KEY must be a P-256 public key/)
  })

  it('refuses an unset support address and seller, naming each missing setting', () => {
    expect(problemsWith({ SUPPORT_EMAIL: undefined })).toEqual([expect.stringMatching(/^SUPPORT_EMAIL is not set/)])
    expect(problemsWith({ SELLER_VAT_NUMBER: undefined })).toEqual([expect.stringMatching(/^SELLER_VAT_NUMBER not set, so tax invoices/)])
    expect(problemsWith({ SELLER_NAME: '', SELLER_ADDRESS: ' ' })).toEqual([expect.stringMatching(/^SELLER_NAME, SELLER_ADDRESS not set/)])
  })
})

describe('what SANDBOX=true is said to simulate at every start', () => {
  it('names each sandbox the settings leave in use, and none with every real provider set', () => {
    expect(simulatedBySandboxes(loadConfig({}))).toEqual([
      'the network (SIM activation, mobile numbers, balances and usage: /sandbox/network)',
      'card payments (/sandbox/payments)',
      'Google Pay (the in-page stand-in)',
      'GOOGLE, FACEBOOK, TWITTER sign-in (the sandbox identity issuer)',
      'mail (the sandbox mailbox at /sandbox/mail)',
    ])
    expect(simulatedBySandboxes(loadConfig(safeProductionEnv))).toEqual([])
  })
})

describe('reading the client build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-client-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const withManifest = (name: string, chunks: Record<string, object>) => {
    mkdirSync(join(dir, name, '.vite'), { recursive: true })
    writeFileSync(join(dir, name, '.vite', 'manifest.json'), JSON.stringify(chunks))
    return join(dir, name)
  }

  it('finds the lab by its modules in the Vite manifest', () => {
    const entry = { 'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true } }
    expect(readClientBuild(withManifest('plain', entry))).toEqual({ lab: false })
    const lab = { ...entry, 'src/devtools/lab/LabScreen.tsx': { file: 'assets/LabScreen-2.js', src: 'src/devtools/lab/LabScreen.tsx', isDynamicEntry: true } }
    expect(readClientBuild(withManifest('lab', lab))).toEqual({ lab: true })
  })

  it('is undefined where there is no build', () => {
    expect(readClientBuild(join(dir, 'nothing'))).toBeUndefined()
  })
})
