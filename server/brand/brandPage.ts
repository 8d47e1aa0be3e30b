import { type Brand, brandElementId, brandJson } from '../../src/domain/brand.ts'
import { intoHead } from '../http/clientSettings.ts'
import { escapeHtml } from '../http/escapeHtml.ts'
import type { ShopBrand } from './brandSettings.ts'

/** Where the header's logo is served: SHOP_LOGO's own path, else the icon (the favicon, made from SHOP_ICON). */
export const logoPath = (brand: ShopBrand): string =>
  brand.logoFile ? `/brand/logo.${brand.logoFile.toLowerCase().endsWith('.png') ? 'png' : 'svg'}` : '/favicon.svg'

/** The brand as the page shows it. */
export function pageBrand(brand: ShopBrand): Brand {
  const { name, shortName, themeColour, themeColourDark, footer, supportPhone } = brand
  return { name, shortName, themeColour, themeColourDark, footer, supportPhone, logo: logoPath(brand) }
}

/**
 * Writes the brand into a page the server serves (the storefront's and the back office's): its title and theme colour
 * for the first paint, the colours as CSS variables (src/ui/theme.ts) and the brand as a JSON data block the app reads.
 */
export function withBrand(html: string, brand: ShopBrand, title = brand.name): string {
  const head = `<style>:root{--brand:${brand.themeColour};--brand-dark:${brand.themeColourDark}}</style><script type="application/json" id="${brandElementId}">${brandJson(pageBrand(brand))}</script>`
  const titled = html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/(<meta name="theme-color" content=")[^"]*(")/, (_, before: string, after: string) => `${before}${brand.themeColour}${after}`)
  return intoHead(titled, head)
}
