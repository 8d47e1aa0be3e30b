import { fileURLToPath } from 'node:url'

/** A reseller's own icon (a square PNG of 512 pixels): SHOP_ICON of the environments tests start production with. */
export const brandIconFile = fileURLToPath(new URL('../../fixtures/brand/icon.png', import.meta.url))

/** An environment production accepts: every variable the checks look at set to something safe. */
export const safeProductionEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://storefront:secret@127.0.0.1:1/storefront',
  API_KEY: 'own-application-key',
  SEED: 'false',
  PUBLIC_URL: 'https://shop.example.co.za',
  // The live system: its test system (eu-test.oppwa.com) is refused without SANDBOX=true. No test of a production start pays.
  PAYMENT_BASE_URL: 'https://eu-prod.oppwa.com',
  PAYMENT_ENTITY_ID: 'entity',
  PAYMENT_ACCESS_TOKEN: 'token',
  // Nothing listens there: no test of a production start activates a SIM.
  NETWORK_BASE_URL: 'https://127.0.0.1:1',
  NETWORK_API_TOKEN: 'enabler-token',
  NETWORK_WEBHOOK_SECRET: 'enabler-webhook-secret-of-32-characters',
  GOOGLE_ISSUER: 'https://accounts.google.com',
  GOOGLE_CLIENT_ID: 'google-client',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  FACEBOOK_ISSUER: 'https://www.facebook.com',
  FACEBOOK_CLIENT_ID: 'facebook-client',
  FACEBOOK_CLIENT_SECRET: 'facebook-secret',
  TWITTER_AUTHORIZATION_URL: 'https://twitter.com/i/oauth2/authorize',
  TWITTER_TOKEN_URL: 'https://api.twitter.com/2/oauth2/token',
  TWITTER_CLIENT_ID: 'twitter-client',
  TWITTER_CLIENT_SECRET: 'twitter-secret',
  // Nothing listens there: no test of a production start sends mail.
  SMTP_URL: 'smtp://mailer:secret@127.0.0.1:1',
  PARTNER_ID: '4711',
  PARTNER_AGENT_EMAIL: 'orders@shop.example.co.za',
  MAIL_FROM: 'Shop Example <no-reply@shop.example.co.za>',
  SHOP_NAME: 'Shop Example',
  SHOP_ICON: brandIconFile,
  SUPPORT_EMAIL: 'support@shop.example.co.za',
  SELLER_NAME: 'Shop Example (Pty) Ltd',
  SELLER_ADDRESS: '12 Long Street, Cape Town, 8001',
  SELLER_VAT_NUMBER: '4123456789',
  // Every legal page written, no placeholder left (the shipped templates are refused).
  LEGAL_DIR: fileURLToPath(new URL('../../fixtures/legal', import.meta.url)),
  // The shop's own VAPID pair (npm run push:keys) and a contact push services can reach.
  VAPID_PUBLIC_KEY: 'BB3-1T2_E4_019Zse9xswDdmycAudAoLA81suQjQWfJnJKiqUN0tM_qJIvsqWxJzVxYcoe3YtlOT7cIFL_jH32w',
  VAPID_PRIVATE_KEY: 'Eb3r6FqN8MiBnH9H8KVFWUZ2BPyskRh_jgRUT7TbM9g',
  VAPID_SUBJECT: 'mailto:ops@seedshop.co.za',
  ID_NUMBER_KEY: '5f0c3e7d9b2a41c68e17d0a3b4f95c2e6a8d1b7f3c09e4a2d5b6c8e1f7a3d902',
} as const satisfies Record<string, string>
