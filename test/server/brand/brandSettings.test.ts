import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../../server/config.ts'
import { productionProblems } from '../../../server/productionChecks.ts'
import { testPicture } from '../helpers/pictures.ts'
import { safeProductionEnv } from '../helpers/productionEnv.ts'

describe("the reseller's brand, read at start", () => {
  const dir = mkdtempSync(join(tmpdir(), 'storefront-brand-'))
  const file = (name: string) => join(dir, name)
  beforeAll(async () => {
    writeFileSync(file('icon.png'), await testPicture(512, 512, 'image/png'))
    writeFileSync(file('small.png'), await testPicture(256, 256, 'image/png'))
    writeFileSync(file('wide.png'), await testPicture(1024, 512, 'image/png'))
    writeFileSync(file('icon.jpg'), await testPicture(512, 512, 'image/jpeg'))
    writeFileSync(file('logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>')
    writeFileSync(file('logo.txt'), 'Acme Mobile')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("is the demo's outside production when nothing is set", () => {
    expect(loadConfig({}).brand).toEqual({
      name: 'Seed Storefront',
      shortName: 'Seed',
      themeColour: '#0b4f9c',
      themeColourDark: '#083b75',
      footer: 'Seed Telecom',
      supportPhone: '',
      iconFile: '',
      logoFile: '',
      mailSignature: '',
    })
  })

  it('reads every variable, and fills the short name, footer, seller and wallet name from the shop name', () => {
    const env = {
      SHOP_NAME: 'Acme Mobile',
      SHOP_THEME_COLOUR: '#B3261E',
      SHOP_ICON: file('icon.png'),
      SHOP_LOGO: file('logo.svg'),
      SUPPORT_PHONE: '+27 21 555 0100',
      MAIL_SIGNATURE: 'Acme Mobile (Pty) Ltd\\n1 Main Road, Cape Town',
    }
    const config = loadConfig(env)
    expect(config.brand).toEqual({
      name: 'Acme Mobile',
      shortName: 'Acme Mobile',
      themeColour: '#b3261e',
      themeColourDark: '#861d17',
      footer: 'Acme Mobile',
      supportPhone: '+27 21 555 0100',
      iconFile: file('icon.png'),
      logoFile: file('logo.svg'),
      mailSignature: 'Acme Mobile (Pty) Ltd\n1 Main Road, Cape Town',
    })
    expect(config.seller.name).toBe('Acme Mobile')
    expect(config.googlePay?.merchantName).toBe('Acme Mobile')
    expect(config.mail.from).toBe('Acme Mobile <no-reply@storefront.co.za>')
    const more = loadConfig({ ...env, SHOP_SHORT_NAME: 'Acme', SHOP_FOOTER: 'Acme Holdings', SELLER_NAME: 'Acme Mobile (Pty) Ltd' })
    expect(more.brand).toMatchObject({ shortName: 'Acme', footer: 'Acme Holdings' })
    expect(loadConfig({ ...env, SELLER_NAME: 'Acme Mobile (Pty) Ltd' }).brand.footer).toBe('Acme Mobile (Pty) Ltd')
  })

  it('names mails after MAIL_SENDER_NAME, quoting a name with a reserved character', () => {
    expect(loadConfig({ MAIL_FROM: 'shop@acme.co.za', MAIL_SENDER_NAME: 'Acme Mobile' }).mail.from).toBe('Acme Mobile <shop@acme.co.za>')
    expect(loadConfig({ MAIL_FROM: 'Old name <shop@acme.co.za>', MAIL_SENDER_NAME: 'Acme, Cape Town' }).mail.from).toBe('"Acme, Cape Town" <shop@acme.co.za>')
  })

  it('refuses a theme colour white text would not hold 4.5:1 on, naming the ratio', () => {
    expect(() => loadConfig({ SHOP_THEME_COLOUR: '#777777' })).toThrow(
      'Invalid environment: SHOP_THEME_COLOUR #777777 gives the white text on it (buttons, links, the skip link) a contrast of 4.48:1, under the 4.5:1 WCAG AA asks of text: choose a darker colour',
    )
    expect(() => loadConfig({ SHOP_THEME_COLOUR: '#f5b700' })).toThrow(/contrast of 1\.\d\d:1/)
    expect(loadConfig({ SHOP_THEME_COLOUR: '#767676' }).brand.themeColour).toBe('#767676')
    expect(() => loadConfig({ SHOP_THEME_COLOUR: 'blue' })).toThrow(/SHOP_THEME_COLOUR must be a colour in six hex digits/)
  })

  it('refuses an icon that is not a square PNG of 512 pixels or more, and a logo that is neither SVG nor PNG', () => {
    expect(() => loadConfig({ SHOP_ICON: file('missing.png') })).toThrow(/SHOP_ICON \(.*missing\.png\) is not a readable file/)
    expect(() => loadConfig({ SHOP_ICON: file('icon.jpg') })).toThrow(/SHOP_ICON \(.*\) is not a PNG file/)
    expect(() => loadConfig({ SHOP_ICON: file('small.png') })).toThrow(/is 256×256 pixels: it must be at least 512×512/)
    expect(() => loadConfig({ SHOP_ICON: file('wide.png') })).toThrow(/is 1024×512 pixels: it must be square/)
    expect(() => loadConfig({ SHOP_LOGO: file('logo.txt') })).toThrow(/SHOP_LOGO \(.*\) is neither an SVG nor a PNG file/)
    expect(loadConfig({ SHOP_LOGO: file('icon.png') }).brand.logoFile).toBe(file('icon.png'))
    expect(() => loadConfig({ SUPPORT_PHONE: 'call us' })).toThrow(/SUPPORT_PHONE must be a phone number/)
  })

  it("keeps production from starting with the demo's brand", () => {
    const brand = { SHOP_NAME: 'Acme Mobile', SHOP_ICON: file('icon.png'), MAIL_FROM: 'Acme Mobile <no-reply@acme.co.za>' }
    const problems = (env: Record<string, string>) => productionProblems({ ...loadConfig({ ...safeProductionEnv, ...env }), client: { lab: false } })
    expect(problems(brand)).toEqual([])
    const { SHOP_NAME: _name, SHOP_ICON: _icon, ...unbranded } = { ...safeProductionEnv, ...brand }
    expect(productionProblems({ ...loadConfig(unbranded), client: { lab: false } })).toEqual([
      "SHOP_NAME, SHOP_SHORT_NAME, SHOP_ICON are not set or still the demo's, so customers and mails would see the demo shop's name and icon: set your own brand (docs/brand.md)",
    ])
    expect(problems({ ...brand, SHOP_NAME: 'Seed Storefront', SHOP_SHORT_NAME: 'Seed' })).toEqual([
      expect.stringMatching(/^SHOP_NAME, SHOP_SHORT_NAME are not set or still the demo's/),
    ])
    expect(problems({ ...brand, MAIL_FROM: 'Seed Storefront <no-reply@acme.co.za>' })).toEqual([
      expect.stringMatching(/^MAIL_SENDER_NAME is not set or still the demo's/),
    ])
  })
})
