import type { Adapter, AdapterPayload } from 'oidc-provider'

interface Entry {
  payload: AdapterPayload
  expiresAt: number
}

/**
 * The sandbox issuer's storage (codes, sessions, grants) in this process's memory, with expiry.
 * Ours rather than the library's so each issuer does not print a production warning; a sandbox needs no more.
 */
export function memoryAdapterFactory(): (name: string) => Adapter {
  const store = new Map<string, Entry>()
  const live = (key: string) => {
    const entry = store.get(key)
    if (entry && entry.expiresAt <= Date.now()) store.delete(key)
    return entry && entry.expiresAt > Date.now() ? entry.payload : undefined
  }
  const sweep = () => {
    const now = Date.now()
    for (const [key, entry] of store) if (entry.expiresAt <= now) store.delete(key)
  }
  return (name) => {
    const key = (id: string) => `${name}:${id}`
    return {
      async upsert(id, payload, expiresIn) {
        if (store.size > 10_000) sweep()
        store.set(key(id), { payload, expiresAt: Date.now() + (expiresIn ?? 14 * 86_400) * 1000 })
      },
      async find(id) {
        return live(key(id))
      },
      async findByUid(uid) {
        for (const [k, e] of store) if (k.startsWith(`${name}:`) && e.payload.uid === uid) return live(k)
        return undefined
      },
      async findByUserCode(userCode) {
        for (const [k, e] of store) if (k.startsWith(`${name}:`) && e.payload.userCode === userCode) return live(k)
        return undefined
      },
      async consume(id) {
        const payload = live(key(id))
        if (payload) payload.consumed = Math.floor(Date.now() / 1000)
      },
      async destroy(id) {
        store.delete(key(id))
      },
      async revokeByGrantId(grantId) {
        for (const [k, e] of store) if (e.payload.grantId === grantId) store.delete(k)
      },
    }
  }
}
