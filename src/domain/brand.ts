import * as v from 'valibot'
import { hexColourPattern } from './contrast.ts'

/** The id of the JSON element the server writes into every page (the storefront's and the back office's) with the brand. */
export const brandElementId = 'shop-brand'

/** The text the app puts on the theme colour (primary buttons, the skip link): the colour must hold 4.5:1 with it. */
export const textOnTheme = '#ffffff'

/**
 * The reseller's brand as the pages show it, read by the server from its settings (SHOP_NAME …) and handed to the page
 * at run time: one build serves every reseller, so the bundle carries none.
 */
export const BrandSchema = v.object({
  /** The shop's name: every title, the manifest's name, mails. */
  name: v.pipe(v.string(), v.minLength(1)),
  /** The name where room is short: the header, the installed app's label. */
  shortName: v.pipe(v.string(), v.minLength(1)),
  /** The theme colour (#rrggbb): the browser's bar, buttons, links. */
  themeColour: v.pipe(v.string(), v.regex(hexColourPattern)),
  /** A darker shade of it, for text on its pale tints. */
  themeColourDark: v.pipe(v.string(), v.regex(hexColourPattern)),
  /** Who the footer's © names. */
  footer: v.string(),
  /** The support line customers may call; '' when there is none. */
  supportPhone: v.string(),
  /** The logo the header shows (a path on this origin). */
  logo: v.string(),
})

export type Brand = v.InferOutput<typeof BrandSchema>

/** The brand as JSON safe inside <script> (no "</script>" or "<!--" can end or bend it). */
export const brandJson = (brand: Brand): string => JSON.stringify(brand).replace(/</g, '\\u003c')

const brandElement = new RegExp(`<script type="application/json" id="${brandElementId}">([^<]*)</script>`)

/** The brand a page's HTML carries, or undefined when it has none. */
export function brandFromHtml(html: string): Brand | undefined {
  const json = brandElement.exec(html)?.[1]
  return json ? v.parse(BrandSchema, JSON.parse(json)) : undefined
}
