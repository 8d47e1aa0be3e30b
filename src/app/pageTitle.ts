import type { I18n, MessageDescriptor } from '@lingui/core'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page's name in the document title ("Cart · Acme Mobile"): what a screen reader says of the tab. */
    title?: MessageDescriptor
  }
}

/** The document title of the deepest route that names its page, in the active language; the shop's name alone otherwise. */
export function pageTitle(i18n: I18n, matches: readonly { staticData: { title?: MessageDescriptor } }[], shopName: string): string {
  const title = matches.findLast((match) => match.staticData.title)?.staticData.title
  return title ? `${i18n._(title)} · ${shopName}` : shopName
}
