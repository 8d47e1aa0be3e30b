/**
 * The server's script-readable `signed_in` cookie: the tag of the session the httpOnly cookie holds. It grants
 * nothing; it tells a device that knows no customer to ask the server, and names the session a logout ends.
 */
const NAME = 'signed_in'

export function sessionTag(): string | null {
  if (typeof document === 'undefined') return null
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${NAME}=`))
  const value = pair?.slice(NAME.length + 1) ?? ''
  return /^[0-9a-f]{64}$/.test(value) ? value : null
}

/** After a logout the device must not ask the server again until the queued logout has ended the session. */
export function dropSessionHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from Safari before 18.4
  if (typeof document !== 'undefined') document.cookie = `${NAME}=; Max-Age=0; Path=/; SameSite=Lax`
}
