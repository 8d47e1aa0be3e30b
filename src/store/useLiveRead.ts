import { useEffect, useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { currentDb, storeForReading, type StoreDb } from './db.ts'

/**
 * A live read of the store for components. The query starts only once the store is open: a live
 * query that first awaits the opening (a foreign promise) stops being observed by Dexie.
 */
export function useLiveRead<T>(read: (store: StoreDb) => Promise<T>, deps: unknown[] = []): T | undefined {
  const [store, setStore] = useState(currentDb)
  useEffect(() => {
    if (!store) void storeForReading().then(setStore)
  }, [store])
  return useLiveQuery(() => (store ? read(store) : undefined), [store, ...deps])
}
