import { cpSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fromRoot } from '../../server/paths.ts'
import { clientSettingsFromHtml } from '../../src/domain/clientSettings.ts'
import { compiledProject, fileStamps, runCommand, serveCommand, writeFakeClient } from './helpers/compiledServer.ts'
import { signupBody } from './helpers/accounts.ts'
import { safeProductionEnv } from './helpers/productionEnv.ts'

const without = (...names: string[]) => Object.fromEntries(Object.entries(safeProductionEnv).filter(([name]) => !names.includes(name)))

/** Each unsafe setting alone, on top of settings production accepts, and the line that must name it. */
const unsafe: Array<{ what: string; env: Record<string, string>; lab?: boolean; line: RegExp }> = [
  { what: 'no DATABASE_URL (PGlite)', env: without('DATABASE_URL'), line: /DATABASE_URL is not set: production needs PostgreSQL/ },
  { what: 'DATABASE_URL=memory:', env: { ...safeProductionEnv, DATABASE_URL: 'memory:' }, line: /DATABASE_URL is memory:/ },
  {
    what: 'the sandbox card provider (no PAYMENT_*)',
    env: without('PAYMENT_BASE_URL', 'PAYMENT_ENTITY_ID', 'PAYMENT_ACCESS_TOKEN'),
    line: /PAYMENT_BASE_URL, PAYMENT_ENTITY_ID and PAYMENT_ACCESS_TOKEN are not set.*SANDBOX=true/,
  },
  {
    what: 'the sandbox identity issuer (Twitter unconfigured)',
    env: without('TWITTER_AUTHORIZATION_URL', 'TWITTER_TOKEN_URL', 'TWITTER_CLIENT_ID', 'TWITTER_CLIENT_SECRET'),
    line: /TWITTER sign-in would use the sandbox identity issuer.*SANDBOX=true/,
  },
  {
    what: 'the sandbox network (no NETWORK_*)',
    env: without('NETWORK_BASE_URL', 'NETWORK_API_TOKEN', 'NETWORK_WEBHOOK_SECRET'),
    line: /NETWORK_BASE_URL is not set, so SIMs would be activated by the sandbox network.*SANDBOX=true/,
  },
  { what: 'the default API_KEY', env: without('API_KEY'), line: /API_KEY is the public sandbox key/ },
  { what: 'the sandbox mailbox (no SMTP_URL)', env: without('SMTP_URL', 'MAIL_FROM'), line: /SMTP_URL is not set, so mails .* stay in the sandbox mailbox/ },
  { what: 'SEED=true', env: { ...safeProductionEnv, SEED: 'true' }, line: /SEED is true/ },
  { what: 'the lab built in', env: safeProductionEnv, lab: true, line: /built with the machine lab \(\/lab\): build it with VITE_LAB=false/ },
  {
    what: 'an http PUBLIC_URL',
    env: { ...safeProductionEnv, PUBLIC_URL: 'http://shop.example.co.za' },
    line: /PUBLIC_URL \(http:\/\/shop\.example\.co\.za\) is not https/,
  },
  // With SMTP_URL the configuration itself refuses a missing PUBLIC_URL (below); here with the sandbox mailbox.
  { what: 'no PUBLIC_URL', env: { ...without('PUBLIC_URL', 'SMTP_URL'), SANDBOX: 'true' }, line: /PUBLIC_URL is not set/ },
]

describe('`npm run serve`: the compiled server', () => {
  let plain: Awaited<ReturnType<typeof compiledProject>>
  let withLab: Awaited<ReturnType<typeof compiledProject>>
  beforeAll(async () => {
    plain = await compiledProject()
    // The same compiled server beside a client built with the lab.
    withLab = await compiledProject({ build: false })
    cpSync(join(plain.root, 'dist', 'server'), join(withLab.root, 'dist', 'server'), { recursive: true })
    cpSync(join(plain.root, 'dist', 'locales'), join(withLab.root, 'dist', 'locales'), { recursive: true })
    writeFakeClient(join(withLab.root, 'dist', 'client'), { lab: true })
  }, 120_000)
  afterAll(() => {
    plain?.remove()
    withLab?.remove()
  })

  it('is what the serve script runs', () => {
    const { scripts } = JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { scripts: Record<string, string> }
    expect(scripts.serve).toBe(serveCommand)
  })

  for (const { what, env, lab, line } of unsafe) {
    it(`refuses to start with ${what} alone: one line naming it, exit 1`, async () => {
      const run = runCommand((lab ? withLab : plain).root, serveCommand, env)
      expect((await run.exited).code, run.stderr()).toBe(1)
      const fatal = run.entries().filter((e) => e.level === 60)
      expect(fatal.map((e) => e.msg)).toEqual([expect.stringMatching(line)])
      expect(fatal[0]).toMatchObject({ refused: true, msg: expect.stringMatching(/^Not starting with NODE_ENV=production: /) })
    }, 120_000)
  }

  it("refuses to start with the shipped legal templates: a line naming LEGAL_DIR, then each file's unfilled placeholders", async () => {
    const run = runCommand(plain.root, serveCommand, without('LEGAL_DIR'))
    expect((await run.exited).code, run.stderr()).toBe(1)
    const fatal = run
      .entries()
      .filter((e) => e.level === 60)
      .map((e) => String(e.msg))
    expect(fatal[0]).toMatch(/^Not starting with NODE_ENV=production: LEGAL_DIR is not set \(the shipped templates\): \d+ placeholders are unfilled/)
    // The compiled server reads the templates the build copied beside it, one line per language and page.
    expect(fatal.slice(1)).toHaveLength(12)
    for (const file of ['en/seller.md', 'xh/privacy.md', 'af/terms.md', 'xh/paia.md'])
      expect(fatal.find((msg) => msg.includes(join('dist', 'legal', 'templates', file)))).toMatch(/has unfilled placeholders: \{\{fill in: /)
  }, 120_000)

  it('refuses SMTP_URL without PUBLIC_URL, naming it: links in mails that leave the server are never built on the Host', async () => {
    const run = runCommand(plain.root, serveCommand, without('PUBLIC_URL'))
    expect((await run.exited).code, run.stderr()).toBe(1)
    expect(
      run
        .entries()
        .filter((e) => e.level === 60)
        .map((e) => e.msg),
    ).toEqual([expect.stringMatching(/PUBLIC_URL is required with SMTP_URL/)])
  }, 120_000)

  it('gets past every check with the safe settings: only the (unreachable) database stops it', async () => {
    const run = runCommand(plain.root, serveCommand, safeProductionEnv)
    expect((await run.exited).code).toBe(1)
    expect(run.entries().filter((e) => e.refused)).toEqual([])
    expect(
      run
        .entries()
        .filter((e) => e.level === 60)
        .map((e) => e.msg),
    ).toEqual([expect.stringMatching(/ECONNREFUSED/)])
  }, 120_000)

  it('migrates as a release step of its own: `node dist/server/migrate.js` applies every migration and exits 0', async () => {
    const run = runCommand(plain.root, 'node dist/server/migrate.js', { DATABASE_URL: 'memory:' })
    expect((await run.exited).code, run.stderr()).toBe(0)
    expect(run.entries().map((e) => e.msg)).toContainEqual(expect.stringMatching(/^applied \d+ migrations$/))
  }, 120_000)

  it('invites the first owner from the production install: `node dist/server/staffInvite.js` prints the link and exits 0', async () => {
    const run = runCommand(plain.root, 'node dist/server/staffInvite.js --email owner@example.co.za --name Owner --role owner', {
      DATABASE_URL: 'memory:',
      PUBLIC_URL: 'https://shop.example.co.za',
    })
    expect((await run.exited).code, run.stderr()).toBe(0)
    expect(run.lines).toContainEqual(expect.stringMatching(/^https:\/\/shop\.example\.co\.za\/staff\/invite\/[A-Za-z0-9_-]{43}$/))
  }, 120_000)

  it('loads a catalogue on the production install: `node dist/server/catalogue.js` exports a file and imports it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'catalogue-')), 'catalogue.json')
    const exported = runCommand(plain.root, `node dist/server/catalogue.js export ${file}`, { DATABASE_URL: 'memory:' })
    expect((await exported.exited).code, exported.stderr()).toBe(0)
    // A new install has no package and the bundles every install had.
    expect(exported.lines).toContain(`Wrote 0 packages and 6 bundles to ${file}.`)
    const imported = runCommand(plain.root, `node dist/server/catalogue.js import ${file} --dry-run`, { DATABASE_URL: 'memory:' })
    expect((await imported.exited).code, imported.stderr()).toBe(0)
    expect(imported.lines).toContain(`The catalogue already is what ${file} says: nothing to change.`)
    const refused = runCommand(plain.root, 'node dist/server/catalogue.js import', { DATABASE_URL: 'memory:' })
    expect((await refused.exited).code).toBe(1)
    expect(refused.stderr()).toMatch(/^Say export or import, and one file\.\nusage: npm run catalogue/)
  }, 120_000)

  it('lets SANDBOX=true run the sandbox network, card provider and identity issuers in production, saying at warn what is simulated', async () => {
    const env = {
      ...without(
        'PAYMENT_BASE_URL',
        'PAYMENT_ENTITY_ID',
        'PAYMENT_ACCESS_TOKEN',
        'GOOGLE_ISSUER',
        'GOOGLE_CLIENT_ID',
        'GOOGLE_CLIENT_SECRET',
        'NETWORK_BASE_URL',
        'NETWORK_API_TOKEN',
        'NETWORK_WEBHOOK_SECRET',
      ),
      SANDBOX: 'true',
    }
    const run = runCommand(plain.root, serveCommand, env)
    expect((await run.exited).code).toBe(1)
    expect(run.entries().filter((e) => e.refused)).toEqual([])
    expect(run.entries().filter((e) => e.level === 40 && e.sandbox === true)).toEqual([
      expect.objectContaining({
        msg: expect.stringMatching(
          /^SANDBOX=true: simulated, not real: the network \(SIM activation, mobile numbers, balances and usage.*; card payments.*; GOOGLE sign-in/,
        ),
      }),
    ])
  }, 120_000)

  it('serves the demo from dist/ alone, its sandbox pages included, and writes nothing there', async () => {
    const before = fileStamps(join(plain.root, 'dist'))
    const run = runCommand(plain.root, 'node dist/server/main.js', { PORT: '0', DATABASE_URL: 'memory:', SEED: 'false', LOG_LEVEL: 'info' })
    try {
      const url = await run.listening
      expect((await fetch(`${url}/healthz`)).status).toBe(200)
      expect((await fetch(`${url}/readyz`)).status).toBe(200)
      // The build's page, with the (demo's) brand the server writes into every page.
      expect(await (await fetch(`${url}/`)).text()).toContain('<title>Seed Storefront</title><div id="root"></div>')
      expect((await fetch(`${url}/images/products/4g-10mbps.svg`)).status).toBe(200)
      // The identity sandbox's page, in Afrikaans: its messages come from dist/locales/sandbox/.
      const start = await fetch(`${url}/api/auth/google/start`, { redirect: 'manual', headers: { Cookie: 'lang=af' } })
      const flow = start.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')
      let next = new URL(start.headers.get('location') ?? '', url)
      let cookies = flow
      for (let hop = 0; hop < 5 && !next.pathname.includes('/interaction/'); hop++) {
        const res = await fetch(next, { redirect: 'manual', headers: { Cookie: cookies } })
        cookies = [cookies, ...res.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ')
        next = new URL(res.headers.get('location') ?? '', next)
      }
      const page = await fetch(next, { headers: { Cookie: cookies } })
      expect(await page.text()).toContain('<h1>Meld aan met Google</h1>')
      // A password reset mail, in Afrikaans: its texts come from dist/locales/mail/, the mailbox's from dist/locales/sandbox/.
      const headers = { Key: 'storefront-sandbox-key', 'Content-Type': 'application/json', Cookie: 'lang=af' }
      const signup = signupBody()
      expect((await fetch(`${url}/api/v2/users`, { method: 'POST', headers, body: JSON.stringify(signup) })).status).toBe(201)
      const forgot = await fetch(`${url}/api/auth/password/forgot`, { method: 'POST', headers, body: JSON.stringify({ email: signup.user.email }) })
      expect(forgot.status).toBe(202)
      await expect
        .poll(async () => (await fetch(`${url}/sandbox/mail?address=${encodeURIComponent(signup.user.email)}`, { headers })).text())
        .toContain('<h3>Stel jou Seed Storefront-wagwoord terug</h3>')
    } finally {
      run.child.kill('SIGTERM')
    }
    expect(await run.exited).toEqual({ code: 0, signal: null })
    expect(fileStamps(join(plain.root, 'dist'))).toEqual(before)
  }, 180_000)

  it('hands each page the settings of its own environment: one dist/, two environments, nothing written there', async () => {
    const before = fileStamps(join(plain.root, 'dist'))
    const environments = [
      {
        env: { API_KEY: 'staging-key', SOCIAL_PROVIDERS: 'google,twitter', I18N_HOST: 'https://cdn.example.co.za' },
        key: 'staging-key',
        providers: ['google', 'twitter'],
        wallet: 'SANDBOX',
      },
      {
        env: { API_KEY: 'production-key', SOCIAL_PROVIDERS: '', GOOGLE_PAY_ENVIRONMENT: 'off', GOOGLE_MAPS_KEY: 'maps-key' },
        key: 'production-key',
        providers: [],
        wallet: undefined,
      },
    ]
    for (const { env, key, providers, wallet } of environments) {
      const run = runCommand(plain.root, 'node dist/server/main.js', { PORT: '0', DATABASE_URL: 'memory:', SEED: 'false', ...env })
      try {
        const url = await run.listening
        const settings = clientSettingsFromHtml(await (await fetch(`${url}/orders/42`)).text())
        expect(settings).toMatchObject({ apiKey: key, socialProviders: providers })
        expect(settings?.googlePay?.environment).toBe(wallet)
        expect((await fetch(`${url}/api/v2/bootstrap`, { headers: { Key: key } })).status).toBe(200)
      } finally {
        run.child.kill('SIGTERM')
      }
      expect(await run.exited).toEqual({ code: 0, signal: null })
    }
    expect(fileStamps(join(plain.root, 'dist'))).toEqual(before)
    // Two starts of the compiled server, each migrating a fresh database: a minute or more on a machine busy with the
    // PostgreSQL projects beside it.
  }, 180_000)
})
