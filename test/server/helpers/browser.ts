/**
 * Just enough of a browser for redirect walks: a cookie jar (one host, so paths are ignored)
 * and manual redirects, so each hop can be inspected.
 */
export class FetchBrowser {
  readonly jar = new Map<string, string>()
  /** The Accept-Language this browser sends with every request, when set. */
  acceptLanguage?: string

  constructor(readonly base: string) {}

  get cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    if (this.jar.size) headers.set('Cookie', this.cookieHeader)
    if (this.acceptLanguage) headers.set('Accept-Language', this.acceptLanguage)
    const res = await fetch(new URL(url, this.base), { ...init, headers, redirect: 'manual' })
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()]
      if (value === '' || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line)) this.jar.delete(name)
      else this.jar.set(name, value)
    }
    return res
  }

  /** Follows redirects from url until a page answers or the next hop leaves the API (e.g. /login?...); returns the last response and hops. */
  async follow(url: string, init: RequestInit = {}, stopAt = /^\/login\b/): Promise<{ res: Response; hops: string[] }> {
    const hops: string[] = []
    let res = await this.request(url, init)
    for (let i = 0; i < 10 && res.status >= 300 && res.status < 400; i++) {
      const location = res.headers.get('location') ?? ''
      hops.push(location)
      const next = new URL(location, res.url || this.base)
      if (next.origin === new URL(this.base).origin && stopAt.test(next.pathname + next.search)) break
      res = await this.request(next.href)
    }
    return { res, hops }
  }
}
