// The device's push settings in Cache Storage: the page writes them, the worker reads them with no page open (sw/push.ts).
// No import, so the worker's bundle takes only these lines.

/**
 * What the worker needs beyond a push's own data: the fallback texts in the customer's language (for a push whose data
 * cannot be read) and, while this device is subscribed, what a renewed subscription is stored with.
 */
export interface PushSettings {
  language: string
  fallback: { title: string; body: string }
  /** This device's subscription: its categories, key and the server's id of its row; null when it has none (signed out, never opted in). */
  subscription: { categories: string[]; applicationServerKey: string; id: number | null } | null
}

export interface PushSettingsStore {
  read(): Promise<PushSettings | undefined>
  write(settings: PushSettings): Promise<void>
}

const isText = (value: unknown): value is string => typeof value === 'string'

/** Push settings as stored, or undefined when any part is not what PushSettings says (another build's, a damaged copy). */
export function pushSettingsOf(value: unknown): PushSettings | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { language, fallback, subscription } = value as Record<string, unknown>
  const texts = (typeof fallback === 'object' && fallback !== null ? fallback : {}) as Record<string, unknown>
  if (!isText(language) || !isText(texts.title) || !isText(texts.body)) return undefined
  const held = (typeof subscription === 'object' && subscription !== null ? subscription : undefined) as Record<string, unknown> | undefined
  const id = held?.id ?? null
  if (subscription !== null && !(held && Array.isArray(held.categories) && held.categories.every(isText) && isText(held.applicationServerKey))) return undefined
  if (id !== null && typeof id !== 'number') return undefined
  return {
    language,
    fallback: { title: texts.title, body: texts.body },
    subscription: held ? { categories: held.categories as string[], applicationServerKey: held.applicationServerKey as string, id } : null,
  }
}

const KEY = '/push-settings.json'

/** The settings as one JSON answer under a fixed key of the cache `cacheName` (CACHES.push). */
export function cachedPushSettings(cacheName: string, storage: CacheStorage = caches): PushSettingsStore {
  return {
    async read() {
      const kept = await (await storage.open(cacheName)).match(KEY)
      return kept ? pushSettingsOf(await kept.json().catch(() => undefined)) : undefined
    },
    async write(settings) {
      await (await storage.open(cacheName)).put(KEY, new Response(JSON.stringify(settings), { headers: { 'content-type': 'application/json' } }))
    },
  }
}
