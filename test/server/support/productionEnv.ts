/** An environment production accepts: every variable the checks look at set to something safe. */
export const safeProductionEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://storefront:secret@127.0.0.1:1/storefront',
  API_KEY: 'own-application-key',
  SEED: 'false',
  PUBLIC_URL: 'https://shop.example.co.za',
  PAYMENT_BASE_URL: 'https://eu-test.oppwa.com',
  PAYMENT_ENTITY_ID: 'entity',
  PAYMENT_ACCESS_TOKEN: 'token',
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
  MAIL_FROM: 'Seed Storefront <no-reply@shop.example.co.za>',
} as const satisfies Record<string, string>
