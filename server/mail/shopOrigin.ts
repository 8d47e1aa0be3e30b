/**
 * The origin every mail's own links to the shop open (its legal pages): PUBLIC_URL, or in the demo the server's own
 * address. Set once the server listens (server/server.ts), since a mail is also queued where no request is at hand
 * (a receipt recorded by the reconciliation worker); until then, and in an app built without a server, paths alone.
 */
let origin = ''

export function setShopOrigin(value: string): void {
  origin = value.replace(/\/+$/, '')
}

export const shopOrigin = (): string => origin
