import { hostname } from 'node:os'
import { describe, expect, it } from 'vitest'
import { smtpTransportUrl } from '../../server/mail/smtpMailer.ts'
import { loadConfig, nameThisInstance } from '../../server/config.ts'
import { demoVapidKeys } from '../../server/push/pushSettings.ts'
import { thisInstance } from '../../server/release.ts'
import { brandIconFile } from './helpers/productionEnv.ts'

// A pair as npm run push:keys prints them (fixed, so the full reading compares exact values).
const pushKeys = {
  publicKey: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  privateKey: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
}

describe('the server configuration', () => {
  it('starts on port 8080 with an embedded database, the sandbox key and seed data when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: '',
      databasePoolMax: 10,
      databaseStatementTimeoutMs: 10_000,
      databaseConnectTimeoutMs: 5_000,
      migrationLockTimeoutMs: 60_000,
      shutdownGraceMs: 5_000,
      shutdownDrainMs: 30_000,
      keepAliveTimeoutMs: 75_000,
      logLevel: 'info',
      instanceName: '',
      assetHistoryDays: 30,
      apiKey: 'storefront-sandbox-key',
      seed: true,
      nodeEnv: 'development',
      sandboxes: false,
      scryptN: 131072,
      cookieSecure: 'auto',
      trustProxy: false,
      publicUrl: '',
      social: {},
      partner: { id: 1, comments: 'Web storefront', agent_email: 'webstore@storefront.co.za' },
      payments: { kind: 'sandbox' },
      network: { kind: 'sandbox' },
      networkOutboxIntervalMs: 1_000,
      networkCheckIntervalMs: 3_600_000,
      paymentWebhookKey: '',
      idNumberKey: '',
      sandboxWebhooks: true,
      mail: { kind: 'sandbox', from: 'Seed Storefront <no-reply@storefront.co.za>' },
      reconcileIntervalMs: 30_000,
      reconcileAfterMs: 120_000,
      serviceActionsIntervalMs: 60_000,
      mailOutboxIntervalMs: 1_000,
      mailSendTimeoutMs: 30_000,
      push: { keys: demoVapidKeys, subject: 'mailto:support@storefront.co.za', sandboxService: true },
      pushOutboxIntervalMs: 1_000,
      staffIdleMinutes: 30,
      staffSessionHours: 12,
      supportEmail: 'support@storefront.co.za',
      financeEmail: 'support@storefront.co.za',
      seller: { name: 'Seed Storefront (Pty) Ltd', address: '1 Demo Street, Gardens, Cape Town, 8001', vatNumber: '4000000000' },
      legalDir: '',
      googlePay: { environment: 'SANDBOX', merchantId: '', merchantName: 'Seed Storefront', gatewayMerchantId: 'sandbox' },
      brand: {
        name: 'Seed Storefront',
        shortName: 'Seed',
        themeColour: '#0b4f9c',
        themeColourDark: '#083b75',
        footer: 'Seed Telecom',
        supportPhone: '',
        iconFile: '',
        logoFile: '',
        mailSignature: '',
      },
      googleMapsKey: '',
      i18nHost: '',
      socialProviders: ['google', 'facebook', 'twitter'],
    })
  })

  it('reads every variable from the environment', () => {
    const env = {
      PORT: '3000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/shop',
      API_KEY: 'k',
      SEED: 'false',
      NODE_ENV: 'production',
      SANDBOX: 'true',
      SCRYPT_N: '1024',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://shop.example.co.za',
      PARTNER_ID: 'portal-7',
      PARTNER_AGENT_EMAIL: 'agent@reseller.co.za',
      PARTNER_COMMENTS: 'Cape Town portal',
      PAYMENT_BASE_URL: 'https://eu-test.oppwa.com',
      PAYMENT_ENTITY_ID: '8a8294174b7ecb28014b9699220015ca',
      PAYMENT_ACCESS_TOKEN: 'T0k3n',
      GOOGLE_PAY_ENVIRONMENT: 'production',
      GOOGLE_PAY_MERCHANT_ID: 'BCR2DN4T7X4QWXYZ',
      GOOGLE_PAY_MERCHANT_NAME: 'Cape Town portal',
      GOOGLE_PAY_GATEWAY_MERCHANT_ID: 'peach-8ac7',
      GOOGLE_MAPS_KEY: 'browser-key',
      I18N_HOST: 'https://cdn.example.co.za/',
      SOCIAL_PROVIDERS: ' Facebook, google ,facebook',
      DATABASE_POOL_MAX: '25',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_CONNECT_TIMEOUT_MS: '2500',
      SHUTDOWN_GRACE_MS: '10000',
      SHUTDOWN_DRAIN_MS: '45000',
      KEEP_ALIVE_TIMEOUT_MS: '125000',
      LOG_LEVEL: 'warn',
      INSTANCE_NAME: ' web-2 ',
      ASSET_HISTORY_DAYS: '14',
      MIGRATION_LOCK_TIMEOUT_MS: '5000',
      PAYMENT_WEBHOOK_KEY: '000102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f',
      ID_NUMBER_KEY: '5f0c3e7d9b2a41c68e17d0a3b4f95c2e6a8d1b7f3c09e4a2d5b6c8e1f7a3d902',
      PAYMENT_SANDBOX_WEBHOOKS: 'false',
      NETWORK_BASE_URL: 'https://api.enabler.example.co.za/v2',
      NETWORK_API_TOKEN: 'enabler-t0k3n',
      NETWORK_WEBHOOK_SECRET: 'whsec_0123456789abcdef0123456789abcdef',
      NETWORK_OUTBOX_INTERVAL_MS: '500',
      NETWORK_CHECK_INTERVAL_MS: '600000',
      RECONCILE_INTERVAL_MS: '10000',
      RECONCILE_AFTER_MS: '300000',
      SMTP_URL: 'smtps://mailer:s3cret@smtp.example.co.za:465',
      MAIL_FROM: 'Cape Town portal <no-reply@reseller.co.za>',
      SERVICE_ACTIONS_INTERVAL_MS: '5000',
      MAIL_OUTBOX_INTERVAL_MS: '250',
      MAIL_SEND_TIMEOUT_MS: '20000',
      VAPID_PUBLIC_KEY: pushKeys.publicKey,
      VAPID_PRIVATE_KEY: pushKeys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@reseller.co.za',
      PUSH_OUTBOX_INTERVAL_MS: '2000',
      STAFF_IDLE_MINUTES: '15',
      STAFF_SESSION_HOURS: '8',
      SUPPORT_EMAIL: 'help@reseller.co.za',
      FINANCE_EMAIL: 'finance@reseller.co.za',
      SELLER_NAME: 'Cape Town Reseller (Pty) Ltd',
      SELLER_ADDRESS: '3 Bree Street, Cape Town, 8001',
      SELLER_VAT_NUMBER: '4987654321',
      SHOP_NAME: 'Cape Town Reseller',
      SHOP_SHORT_NAME: 'CT Reseller',
      SHOP_THEME_COLOUR: '#1D5C2E',
      SHOP_ICON: brandIconFile,
      SHOP_LOGO: brandIconFile,
      SHOP_FOOTER: 'Cape Town Reseller Holdings',
      SUPPORT_PHONE: '021 555 0100',
      MAIL_SENDER_NAME: 'Cape Town portal',
      MAIL_SIGNATURE: '3 Bree Street\\nCape Town',
      LEGAL_DIR: '/srv/storefront/legal',
    }
    expect(loadConfig(env)).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/shop',
      apiKey: 'k',
      seed: false,
      nodeEnv: 'production',
      sandboxes: true,
      databasePoolMax: 25,
      databaseStatementTimeoutMs: 0,
      databaseConnectTimeoutMs: 2_500,
      migrationLockTimeoutMs: 5_000,
      shutdownGraceMs: 10_000,
      shutdownDrainMs: 45_000,
      keepAliveTimeoutMs: 125_000,
      logLevel: 'warn',
      assetHistoryDays: 14,
      instanceName: 'web-2',
      scryptN: 1024,
      cookieSecure: true,
      trustProxy: 1,
      publicUrl: 'https://shop.example.co.za',
      social: {},
      partner: { id: 'portal-7', agent_email: 'agent@reseller.co.za', comments: 'Cape Town portal' },
      payments: { kind: 'provider', baseUrl: 'https://eu-test.oppwa.com', entityId: '8a8294174b7ecb28014b9699220015ca', accessToken: 'T0k3n' },
      paymentWebhookKey: '000102030405060708090a0b0c0d0e0f000102030405060708090a0b0c0d0e0f',
      idNumberKey: '5f0c3e7d9b2a41c68e17d0a3b4f95c2e6a8d1b7f3c09e4a2d5b6c8e1f7a3d902',
      sandboxWebhooks: false,
      network: {
        kind: 'enabler',
        baseUrl: 'https://api.enabler.example.co.za/v2',
        apiToken: 'enabler-t0k3n',
        webhookSecret: 'whsec_0123456789abcdef0123456789abcdef',
      },
      networkOutboxIntervalMs: 500,
      networkCheckIntervalMs: 600_000,
      mail: { kind: 'smtp', url: 'smtps://mailer:s3cret@smtp.example.co.za:465', from: 'Cape Town portal <no-reply@reseller.co.za>' },
      reconcileIntervalMs: 10_000,
      reconcileAfterMs: 300_000,
      serviceActionsIntervalMs: 5_000,
      mailOutboxIntervalMs: 250,
      mailSendTimeoutMs: 20_000,
      push: { keys: pushKeys, subject: 'mailto:ops@reseller.co.za', sandboxService: true },
      pushOutboxIntervalMs: 2_000,
      staffIdleMinutes: 15,
      staffSessionHours: 8,
      supportEmail: 'help@reseller.co.za',
      financeEmail: 'finance@reseller.co.za',
      seller: { name: 'Cape Town Reseller (Pty) Ltd', address: '3 Bree Street, Cape Town, 8001', vatNumber: '4987654321' },
      legalDir: '/srv/storefront/legal',
      googlePay: { environment: 'PRODUCTION', merchantId: 'BCR2DN4T7X4QWXYZ', merchantName: 'Cape Town portal', gatewayMerchantId: 'peach-8ac7' },
      brand: {
        name: 'Cape Town Reseller',
        shortName: 'CT Reseller',
        themeColour: '#1d5c2e',
        themeColourDark: '#164523',
        footer: 'Cape Town Reseller Holdings',
        supportPhone: '021 555 0100',
        iconFile: brandIconFile,
        logoFile: brandIconFile,
        mailSignature: '3 Bree Street\nCape Town',
      },
      googleMapsKey: 'browser-key',
      i18nHost: 'https://cdn.example.co.za',
      socialProviders: ['facebook', 'google'],
    })
  })

  it('offers the sandbox wallet with the sandbox card provider, none with a real one unless GOOGLE_PAY_ENVIRONMENT says so', () => {
    const provider = { PAYMENT_BASE_URL: 'https://eu-test.oppwa.com', PAYMENT_ENTITY_ID: 'e', PAYMENT_ACCESS_TOKEN: 't' }
    expect(loadConfig({}).googlePay?.environment).toBe('SANDBOX')
    expect(loadConfig(provider).googlePay).toBeNull()
    expect(loadConfig({ GOOGLE_PAY_ENVIRONMENT: 'off' }).googlePay).toBeNull()
    expect(loadConfig({ ...provider, GOOGLE_PAY_ENVIRONMENT: 'TEST', GOOGLE_PAY_GATEWAY_MERCHANT_ID: 'g' }).googlePay).toEqual({
      environment: 'TEST',
      merchantId: '',
      merchantName: 'Seed Storefront',
      gatewayMerchantId: 'g',
    })
    expect(() => loadConfig({ GOOGLE_PAY_ENVIRONMENT: 'PRODUCTION' })).toThrow(/GOOGLE_PAY_GATEWAY_MERCHANT_ID is required/)
    expect(() => loadConfig({ GOOGLE_PAY_ENVIRONMENT: 'LIVE' })).toThrow(/GOOGLE_PAY_ENVIRONMENT must be OFF, SANDBOX, TEST or PRODUCTION/)
  })

  it('reads SOCIAL_PROVIDERS as a comma list of known providers, empty for none', () => {
    expect(loadConfig({ SOCIAL_PROVIDERS: '' }).socialProviders).toEqual([])
    expect(loadConfig({ SOCIAL_PROVIDERS: 'twitter' }).socialProviders).toEqual(['twitter'])
    expect(() => loadConfig({ SOCIAL_PROVIDERS: 'google,myspace' })).toThrow(/SOCIAL_PROVIDERS must be a comma list of google, facebook, twitter/)
  })

  it('reads TRUST_PROXY as off, a hop count, or a list of proxy addresses and CIDR ranges', () => {
    for (const off of ['', 'false', 'no', '0', 'FALSE']) expect(loadConfig({ TRUST_PROXY: off }).trustProxy).toBe(false)
    for (const one of ['true', 'yes', '1', 'True']) expect(loadConfig({ TRUST_PROXY: one }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8 , ::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.7', 'fd00::/8', '::1'])
    for (const bad of ['maybe', '10.0.0.0/33', '10.0.0.0/8,', 'fd00::/129', '1.2.3', '10.0.0.0/8/1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY must be true, false, a hop count or a comma list/)
  })

  it('accepts memory: and postgresql:// database URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'memory:' }).databaseUrl).toBe('memory:')
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/shop' }).databaseUrl).toBe('postgresql://localhost/shop')
  })

  it('names each invalid variable in one error', () => {
    expect(() => loadConfig({ PORT: 'eighty', SEED: 'maybe', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*(SEED|DATABASE_URL)/)
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/)
    expect(() => loadConfig({ API_KEY: '' })).toThrow(/API_KEY/)
    expect(() => loadConfig({ SCRYPT_N: '1000' })).toThrow(/SCRYPT_N must be a power of two/)
    expect(() => loadConfig({ PUBLIC_URL: 'shop.example.co.za' })).toThrow(/PUBLIC_URL/)
    expect(() => loadConfig({ PARTNER_AGENT_EMAIL: 'agent' })).toThrow(/PARTNER_AGENT_EMAIL must be an email address/)
    expect(() => loadConfig({ PAYMENT_WEBHOOK_KEY: 'secret' })).toThrow(/PAYMENT_WEBHOOK_KEY must be 64 hex digits/)
    expect(() => loadConfig({ RECONCILE_INTERVAL_MS: '-5' })).toThrow(/RECONCILE_INTERVAL_MS must be a whole number/)
  })

  it('refuses a pool size, statement timeout, shutdown time, keep-alive or log level it cannot use', () => {
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX must be at least 1/)
    expect(() => loadConfig({ DATABASE_POOL_MAX: 'ten' })).toThrow(/DATABASE_POOL_MAX must be a whole number/)
    expect(() => loadConfig({ DATABASE_POOL_MAX: '5000' })).toThrow(/DATABASE_POOL_MAX must be at most 1000/)
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS must be a whole number/)
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '1.5' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/)
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '50' })).toThrow(/DATABASE_CONNECT_TIMEOUT_MS must be at least 100/)
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '5s' })).toThrow(/SHUTDOWN_GRACE_MS must be a whole number/)
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '999999999' })).toThrow(/SHUTDOWN_DRAIN_MS must be at most 600000/)
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '500' })).toThrow(/KEEP_ALIVE_TIMEOUT_MS must be at least 1000/)
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of/)
    expect(loadConfig({ LOG_LEVEL: 'silent', SHUTDOWN_GRACE_MS: '0' })).toMatchObject({ logLevel: 'silent', shutdownGraceMs: 0 })
  })

  it('names the instance by INSTANCE_NAME, read before the rest so the first log line has it; the host and process id when unset', () => {
    expect(() => loadConfig({ INSTANCE_NAME: 'web 1' })).toThrow(/INSTANCE_NAME must be at most 100 letters, digits, dots, dashes, underscores or colons/)
    expect(() => loadConfig({ INSTANCE_NAME: 'x'.repeat(101) })).toThrow(/INSTANCE_NAME must be/)
    const byDefault = `${hostname()}:${process.pid}`
    try {
      nameThisInstance({ INSTANCE_NAME: 'web-1' })
      expect(thisInstance()).toBe('web-1')
      // A name loadConfig refuses names nothing: the start fails on it, under the default name.
      nameThisInstance({ INSTANCE_NAME: 'web 1' })
      expect(thisInstance()).toBe(byDefault)
      nameThisInstance({ INSTANCE_NAME: 'eu-west-1a.web-1:8080' })
      expect(thisInstance()).toBe('eu-west-1a.web-1:8080')
    } finally {
      nameThisInstance({})
    }
    expect(thisInstance()).toBe(byDefault)
  })

  it('configures a real identity provider from its issuer, or from its endpoints, with id and secret', () => {
    const social = loadConfig({
      GOOGLE_ISSUER: 'https://accounts.google.com',
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      TWITTER_AUTHORIZATION_URL: 'https://twitter.com/i/oauth2/authorize',
      TWITTER_TOKEN_URL: 'https://api.x.com/2/oauth2/token',
      TWITTER_USERINFO_URL: 'https://api.x.com/2/users/me',
      TWITTER_CLIENT_ID: 't-id',
      TWITTER_CLIENT_SECRET: 't-secret',
    }).social
    expect(social).toEqual({
      google: {
        issuer: 'https://accounts.google.com',
        authorizationUrl: '',
        tokenUrl: '',
        userinfoUrl: '',
        clientId: 'g-id',
        clientSecret: 'g-secret',
        scope: 'openid email profile',
      },
      twitter: {
        issuer: '',
        authorizationUrl: 'https://twitter.com/i/oauth2/authorize',
        tokenUrl: 'https://api.x.com/2/oauth2/token',
        userinfoUrl: 'https://api.x.com/2/users/me',
        clientId: 't-id',
        clientSecret: 't-secret',
        scope: 'users.read tweet.read',
      },
    })
  })

  it('refuses half a payment provider configuration, and a base URL with a trailing slash', () => {
    expect(() => loadConfig({ PAYMENT_BASE_URL: 'https://eu-test.oppwa.com' })).toThrow(/PAYMENT_ENTITY_ID and PAYMENT_ACCESS_TOKEN are all required/)
    expect(() => loadConfig({ PAYMENT_ACCESS_TOKEN: 't', PAYMENT_ENTITY_ID: 'e' })).toThrow(/PAYMENT_BASE_URL/)
    expect(() => loadConfig({ PAYMENT_BASE_URL: 'https://eu-test.oppwa.com/', PAYMENT_ENTITY_ID: 'e', PAYMENT_ACCESS_TOKEN: 't' })).toThrow(
      /PAYMENT_BASE_URL must be/,
    )
  })

  it('takes the network from NETWORK_BASE_URL with its token and webhook secret, or the sandbox network when it is empty', () => {
    const secret = 'enabler-webhook-secret-of-32-characters'
    expect(loadConfig({}).network).toEqual({ kind: 'sandbox' })
    expect(loadConfig({ NETWORK_WEBHOOK_SECRET: secret }).network).toEqual({ kind: 'sandbox', webhookSecret: secret })
    expect(loadConfig({ NETWORK_BASE_URL: 'https://api.enabler.example.co.za', NETWORK_API_TOKEN: 't', NETWORK_WEBHOOK_SECRET: secret }).network).toEqual({
      kind: 'enabler',
      baseUrl: 'https://api.enabler.example.co.za',
      apiToken: 't',
      webhookSecret: secret,
    })
    expect(loadConfig({}).networkOutboxIntervalMs).toBe(1_000)
    expect(loadConfig({ NETWORK_CHECK_INTERVAL_MS: '0' }).networkCheckIntervalMs).toBe(0)
  })

  it('refuses half a network configuration, a short webhook secret and a base URL with a trailing slash', () => {
    const secret = 'enabler-webhook-secret-of-32-characters'
    expect(() => loadConfig({ NETWORK_BASE_URL: 'https://api.enabler.example.co.za', NETWORK_API_TOKEN: 't' })).toThrow(
      /NETWORK_API_TOKEN and NETWORK_WEBHOOK_SECRET are both required with NETWORK_BASE_URL/,
    )
    expect(() => loadConfig({ NETWORK_BASE_URL: 'https://api.enabler.example.co.za', NETWORK_WEBHOOK_SECRET: secret })).toThrow(/both required/)
    expect(() => loadConfig({ NETWORK_API_TOKEN: 't' })).toThrow(/NETWORK_API_TOKEN is set without NETWORK_BASE_URL/)
    expect(() => loadConfig({ NETWORK_WEBHOOK_SECRET: 'short' })).toThrow(/NETWORK_WEBHOOK_SECRET must be at least 32 characters/)
    expect(() => loadConfig({ NETWORK_BASE_URL: 'https://api.enabler.example.co.za/', NETWORK_API_TOKEN: 't', NETWORK_WEBHOOK_SECRET: secret })).toThrow(
      /NETWORK_BASE_URL must be/,
    )
  })

  it('sends mail through SMTP_URL only with a MAIL_FROM, and refuses a URL or sender it cannot use', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://smtp.example.co.za', PUBLIC_URL: 'https://shop.example.co.za' })).toThrow(/MAIL_FROM is required with SMTP_URL/)
    expect(() => loadConfig({ SMTP_URL: 'https://smtp.example.co.za', MAIL_FROM: 'a@b.co' })).toThrow(/SMTP_URL must be empty or an smtp:\/\//)
    expect(() => loadConfig({ MAIL_FROM: 'Seed Storefront' })).toThrow(/MAIL_FROM must be an address/)
    expect(loadConfig({ MAIL_FROM: 'shop@example.co.za' }).mail).toEqual({ kind: 'sandbox', from: 'shop@example.co.za' })
  })

  it('refuses SMTP_URL without PUBLIC_URL whatever NODE_ENV, naming it: links in mails that leave the server are never built on the Host header', () => {
    for (const NODE_ENV of ['development', 'test', 'production'])
      expect(() => loadConfig({ NODE_ENV, SMTP_URL: 'smtps://smtp.example.co.za', MAIL_FROM: 'a@b.co' }), NODE_ENV).toThrow(
        /PUBLIC_URL is required with SMTP_URL/,
      )
    const smtp = { SMTP_URL: 'smtps://smtp.example.co.za', MAIL_FROM: 'a@b.co', PUBLIC_URL: 'https://shop.example.co.za' }
    expect(loadConfig(smtp).mail).toMatchObject({ kind: 'smtp' })
  })

  it('sends the mail outbox every second by default, and an SMTP send may take 30 s', () => {
    expect(loadConfig({})).toMatchObject({ mailOutboxIntervalMs: 1_000, mailSendTimeoutMs: 30_000 })
    expect(() => loadConfig({ MAIL_OUTBOX_INTERVAL_MS: '0' })).toThrow(/MAIL_OUTBOX_INTERVAL_MS must be at least 10/)
    expect(() => loadConfig({ MAIL_SEND_TIMEOUT_MS: 'soon' })).toThrow(/MAIL_SEND_TIMEOUT_MS must be a whole number/)
    expect(() => loadConfig({ STAFF_IDLE_MINUTES: '0' })).toThrow(/STAFF_IDLE_MINUTES must be at least 1/)
    expect(() => loadConfig({ STAFF_SESSION_HOURS: '169' })).toThrow(/STAFF_SESSION_HOURS must be at most 168/)
  })

  it('keeps an SMTP_URL that turns STARTTLS off explicitly as written (the mailer requires it otherwise)', () => {
    const url = 'smtp://relay.internal:25?requireTLS=false'
    expect(loadConfig({ SMTP_URL: url, MAIL_FROM: 'shop@example.co.za', PUBLIC_URL: 'https://shop.example.co.za' }).mail).toEqual({
      kind: 'smtp',
      url,
      from: 'shop@example.co.za',
    })
    expect(smtpTransportUrl(url)).toBe(url)
    expect(smtpTransportUrl('smtp://relay.internal:587')).toBe('smtp://relay.internal:587?requireTLS=true')
  })

  it('refuses half a provider configuration instead of silently using the sandbox', () => {
    expect(() => loadConfig({ FACEBOOK_CLIENT_ID: 'f-id' })).toThrow(/FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET/)
    expect(() => loadConfig({ FACEBOOK_CLIENT_ID: 'f-id', FACEBOOK_CLIENT_SECRET: 's' })).toThrow(/FACEBOOK_ISSUER/)
  })
})
