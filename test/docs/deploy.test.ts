import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { environmentKeys } from '../../server/docs/configurationReference.ts'
import { productionProblems } from '../../server/productionChecks.ts'
import { brandIconFile, safeProductionEnv } from '../server/helpers/productionEnv.ts'

const root = join(import.meta.dirname, '..', '..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')

/** NAME=value lines as systemd's EnvironmentFile and a shell read them (double quotes around a value with spaces). */
const settingsOf = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => {
        const at = line.indexOf('=')
        return [line.slice(0, at), line.slice(at + 1).replace(/^"(.*)"$/, '$1')]
      }),
  )

describe('deploy/: the files an operator starts from', () => {
  const example = settingsOf(read('deploy/storefront.env.example'))

  it('has the settings example name only variables the server reads', () => {
    const known = new Set(environmentKeys())
    expect(Object.keys(example).filter((name) => !known.has(name))).toEqual([])
  })

  it('has production start on the example once its <angle brackets> are filled in, and refuse it as it stands', () => {
    const placeholders = Object.keys(example).filter((name) => example[name]?.includes('<'))
    expect(() => loadConfig(example)).toThrow(/DATABASE_URL must be/)
    const filled = Object.fromEntries(
      Object.entries(example).map(([name, value]) => [name, placeholders.includes(name) ? (fills[name] ?? `unfilled ${name}`) : value]),
    )
    filled.SHOP_ICON = brandIconFile
    expect(productionProblems({ ...loadConfig(filled), client: { lab: false } })).toEqual([])
  })

  it('runs the server with Node itself from the unit, each instance on its own port and metrics port', () => {
    const unit = read('deploy/systemd/storefront@.service')
    expect(unit).toMatch(/^ExecStart=\/opt\/node-24\/bin\/node dist\/server\/main\.js$/m)
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m)
    expect(unit).toMatch(/^Environment=.*\bPORT=808%i\b.*\bMETRICS_PORT=946%i\b/m)
    const proxy = read('deploy/nginx/storefront.conf')
    expect(proxy.match(/server 127\.0\.0\.1:(\d+)/g)).toEqual(['server 127.0.0.1:8081', 'server 127.0.0.1:8082'])
    for (const header of ['X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host', 'X-Request-Id']) expect(proxy).toContain(`proxy_set_header ${header} `)
    expect(example.TRUST_PROXY).toBe('127.0.0.1')
  })
})

/** An operator's values for the example's placeholders. */
const fills: Record<string, string> = {
  PUBLIC_URL: 'https://shop.example.co.za',
  DATABASE_URL: 'postgres://shop:a-long-password@db.example.co.za:5432/shop?sslmode=verify-full',
  API_KEY: 'c'.repeat(64),
  ID_NUMBER_KEY: 'd'.repeat(64),
  PAYMENT_ENTITY_ID: '8ac7a4c8',
  PAYMENT_ACCESS_TOKEN: 'OGFjN2E0Yzg',
  PAYMENT_WEBHOOK_KEY: 'a'.repeat(64),
  NETWORK_BASE_URL: 'https://api.enabler.example.co.za',
  NETWORK_API_TOKEN: 'enabler-token',
  NETWORK_WEBHOOK_SECRET: 'enabler-webhook-secret-of-32-characters',
  PARTNER_ID: '4410',
  PARTNER_AGENT_EMAIL: 'webstore@shop.example.co.za',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.co.za:465',
  MAIL_FROM: 'Shop Example <no-reply@shop.example.co.za>',
  SUPPORT_EMAIL: 'support@shop.example.co.za',
  SELLER_NAME: 'Shop Example (Pty) Ltd',
  SELLER_ADDRESS: '12 Long Street, Cape Town, 8001',
  SELLER_VAT_NUMBER: '4123456789',
  SHOP_NAME: 'Shop Example',
  GOOGLE_CLIENT_ID: 'google-client',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  VAPID_PUBLIC_KEY: safeProductionEnv.VAPID_PUBLIC_KEY,
  VAPID_PRIVATE_KEY: safeProductionEnv.VAPID_PRIVATE_KEY,
  VAPID_SUBJECT: 'mailto:ops@seedshop.co.za',
}
