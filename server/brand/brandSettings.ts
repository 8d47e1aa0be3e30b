import { closeSync, openSync, readSync, statSync } from 'node:fs'
import * as v from 'valibot'
import { type Brand, textOnTheme } from '../../src/domain/brand.ts'
import { contrastRatio, darker, hexColourPattern } from '../../src/domain/contrast.ts'

/** The reseller's brand as the server holds it: what the pages show, plus the files and mail lines behind it. */
export interface ShopBrand extends Omit<Brand, 'logo'> {
  /** SHOP_ICON: the square PNG the app's icons are made from; '' is the demo's icons, as built. */
  iconFile: string
  /** SHOP_LOGO: the header's logo (SVG or PNG); '' shows the icon. */
  logoFile: string
  /** MAIL_SIGNATURE: lines under every mail's sign-off. */
  mailSignature: string
}

/** The demo's brand; production refuses to start with it (server/productionChecks.ts). */
export const demoBrand: ShopBrand = {
  name: 'Seed Storefront',
  shortName: 'Seed',
  themeColour: '#0b4f9c',
  themeColourDark: '#083b75',
  footer: 'Seed Telecom',
  supportPhone: '',
  iconFile: '',
  logoFile: '',
  mailSignature: '',
}

/** The smallest icon an installed app's splash screen and store listing need. */
export const smallestIconPixels = 512
/** The contrast WCAG 2 AA asks of text (the white text the app puts on the theme colour). */
export const minimumContrast = 4.5

const trimmed = (description: string) => v.pipe(v.optional(v.pipe(v.string(), v.trim()), ''), v.description(description))

/** The variables of the brand, declared in server/config.ts. */
export const brandEnvEntries = {
  SHOP_NAME: trimmed(
    "The shop's name: every page's title, the header's link, the installed app's name, the staff pages, every mail's subject, greeting and sign-off. Production requires your own (the demo's is Seed Storefront).",
  ),
  SHOP_SHORT_NAME: trimmed(
    "The name where room is short: the header and the installed app's label under its icon (12 characters or fewer fit). Empty: SHOP_NAME.",
  ),
  SHOP_THEME_COLOUR: v.pipe(
    v.optional(v.pipe(v.string(), v.trim(), v.regex(/^$|^#[0-9a-fA-F]{6}$/, 'SHOP_THEME_COLOUR must be a colour in six hex digits such as #0b4f9c')), ''),
    v.description(
      "The theme colour (`#rrggbb`): the browser's bar, the installed app's splash, buttons and links. White text goes on it, so it must hold WCAG AA's 4.5:1 against white: a lighter colour is refused at start. Empty: the demo's #0b4f9c.",
    ),
  ),
  SHOP_ICON: trimmed(
    "A square PNG file of at least 512×512 pixels, the app's icon: the installed app's icons (192, 512, and the maskable 512, so keep the artwork inside the central 80% circle), the Apple touch icon and the favicon are made from it at start. Production requires it.",
  ),
  SHOP_LOGO: trimmed('An SVG or PNG file, the logo at the left of the header (32 pixels high). Empty: the icon.'),
  SHOP_FOOTER: trimmed("Who the footer's © line names, such as your registered company. Empty: SELLER_NAME, else SHOP_NAME."),
  SUPPORT_PHONE: v.pipe(
    v.optional(v.pipe(v.string(), v.trim(), v.regex(/^$|^\+?[0-9][0-9 ()-]{5,19}$/, 'SUPPORT_PHONE must be a phone number such as +27 21 555 0100')), ''),
    v.description("The phone number customers may call, shown in the footer and under every mail's sign-off. Empty: none shown."),
  ),
  MAIL_SENDER_NAME: trimmed("The name mails come from (the From line's name). Empty: the name MAIL_FROM gives, else SHOP_NAME."),
  MAIL_SIGNATURE: trimmed('Lines under every mail\'s sign-off ("The SHOP_NAME team"), such as an address; `\\n` starts a new line. Empty: none.'),
}

type BrandEnv = { [K in keyof typeof brandEnvEntries]: string } & { SELLER_NAME: string }

/** The first bytes of a PNG file. */
const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function head(file: string, name: string, bytes: number): Uint8Array {
  let fd: number
  try {
    if (!statSync(file).isFile()) throw new Error('not a file')
    fd = openSync(file, 'r')
  } catch {
    throw new Error(`Invalid environment: ${name} (${file}) is not a readable file`)
  }
  try {
    const buffer = new Uint8Array(bytes)
    const read = readSync(fd, buffer, 0, bytes, 0)
    return buffer.subarray(0, read)
  } finally {
    closeSync(fd)
  }
}

const isPng = (bytes: Uint8Array) => pngSignature.every((b, i) => bytes[i] === b)

/** SHOP_ICON's width and height, from its PNG header: refused unless a square PNG of 512 pixels or more. */
function checkIcon(file: string): void {
  const bytes = head(file, 'SHOP_ICON', 24)
  if (!isPng(bytes) || bytes.length < 24) throw new Error(`Invalid environment: SHOP_ICON (${file}) is not a PNG file`)
  const view = new DataView(bytes.buffer, bytes.byteOffset)
  const [width, height] = [view.getUint32(16), view.getUint32(20)]
  if (width !== height) throw new Error(`Invalid environment: SHOP_ICON (${file}) is ${width}×${height} pixels: it must be square`)
  if (width < smallestIconPixels)
    throw new Error(`Invalid environment: SHOP_ICON (${file}) is ${width}×${height} pixels: it must be at least ${smallestIconPixels}×${smallestIconPixels}`)
}

/** SHOP_LOGO: a PNG, or an SVG (its text starts with <svg or an XML declaration). */
function checkLogo(file: string): void {
  const bytes = head(file, 'SHOP_LOGO', 256)
  const text = new TextDecoder().decode(bytes).trimStart()
  if (!isPng(bytes) && !/^(<\?xml|<svg|<!--)/.test(text)) throw new Error(`Invalid environment: SHOP_LOGO (${file}) is neither an SVG nor a PNG file`)
}

/** The message refusing a theme colour that white text on it would not be read on; undefined when it holds AA. */
export function themeColourProblem(colour: string): string | undefined {
  const ratio = contrastRatio(colour, textOnTheme)
  if (ratio >= minimumContrast) return undefined
  return `SHOP_THEME_COLOUR ${colour} gives the white text on it (buttons, links, the skip link) a contrast of ${ratio.toFixed(2)}:1, under the ${minimumContrast}:1 WCAG AA asks of text: choose a darker colour`
}

/**
 * The brand from the environment. Outside production what is unset is the demo's; production keeps it empty for its
 * checks to refuse. A theme colour too light for white text, or an icon that is not a square PNG of 512 pixels or
 * more, is refused whatever the environment.
 */
export function readBrand(e: BrandEnv, demo: boolean): ShopBrand {
  const themeColour = (e.SHOP_THEME_COLOUR || demoBrand.themeColour).toLowerCase()
  if (!hexColourPattern.test(themeColour)) throw new Error(`Invalid environment: SHOP_THEME_COLOUR ${themeColour}`)
  const problem = themeColourProblem(themeColour)
  if (problem) throw new Error(`Invalid environment: ${problem}`)
  if (e.SHOP_ICON) checkIcon(e.SHOP_ICON)
  if (e.SHOP_LOGO) checkLogo(e.SHOP_LOGO)
  const name = e.SHOP_NAME || (demo ? demoBrand.name : '')
  const shortName = e.SHOP_SHORT_NAME || (e.SHOP_NAME ? e.SHOP_NAME : demo ? demoBrand.shortName : '')
  const footer = e.SHOP_FOOTER || e.SELLER_NAME || e.SHOP_NAME || (demo ? demoBrand.footer : '')
  return {
    name,
    shortName,
    themeColour,
    themeColourDark: darker(themeColour, 0.25),
    footer,
    supportPhone: e.SUPPORT_PHONE,
    iconFile: e.SHOP_ICON,
    logoFile: e.SHOP_LOGO,
    mailSignature: e.MAIL_SIGNATURE.replace(/\\n/g, '\n'),
  }
}

/** What of the brand is unset or still the demo's: the variables production refuses to start with. */
export function demoBrandVariables(brand: ShopBrand, mailFrom: string): string[] {
  const unsetOrDemo = (given: string, demo: string) => given === '' || given === demo
  const demoSender = mailFrom.replace(/<[^>]*>/, '').trim() === demoBrand.name
  const found: [string, boolean][] = [
    ['SHOP_NAME', unsetOrDemo(brand.name, demoBrand.name)],
    ['SHOP_SHORT_NAME', unsetOrDemo(brand.shortName, demoBrand.shortName)],
    ['SHOP_FOOTER', unsetOrDemo(brand.footer, demoBrand.footer)],
    ['SHOP_ICON', brand.iconFile === ''],
    ['MAIL_SENDER_NAME', demoSender],
  ]
  return found.flatMap(([name, demo]) => (demo ? [name] : []))
}
