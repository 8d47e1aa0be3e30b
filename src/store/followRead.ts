import { liveQuery } from 'dexie'
import { storeForReading, type StoreDb } from './db.ts'

/**
 * A live read of the store outside React (useLiveRead is the one for components): `onChange` gets the answer once the
 * store is open, and again whenever what it read changes. The returned function stops following.
 */
export function followRead<T>(read: (store: StoreDb) => Promise<T>, onChange: (value: T) => void): () => void {
  let stopped = false
  let subscription: { unsubscribe(): void } | undefined
  // As in useLiveRead: the query starts once the store is open, since one that awaits the opening is not observed.
  void storeForReading().then((store) => {
    if (!stopped) subscription = liveQuery(() => read(store)).subscribe({ next: onChange, error: () => {} })
  })
  return () => {
    stopped = true
    subscription?.unsubscribe()
  }
}
