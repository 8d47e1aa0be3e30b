/** Browsers by the token their User-Agent names them with, most specific first (Edge and Opera also say Chrome; Chrome says Safari). */
const browsers: Array<[RegExp, string]> = [
  [/EdgA?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]
const systems: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
]

const first = (list: Array<[RegExp, string]>, ua: string) => list.find(([pattern]) => pattern.test(ua))?.[1]

/** A device as a customer recognises it in the list of their subscriptions ("Chrome · Android"), from its User-Agent. */
export function deviceName(userAgent: string): string {
  const parts = [first(browsers, userAgent), first(systems, userAgent)].filter((part) => part !== undefined)
  return parts.length > 0 ? parts.join(' · ') : 'Browser'
}
