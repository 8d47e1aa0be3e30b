import { DB_NAME } from '../domain/storage.ts'
import { sessionTag } from './signedInHint.ts'

/**
 * A first visit: a device on which the app has stored nothing yet (no database) and no customer is signed in. It
 * has no cart, customer, queued write or language choice to read back, so its start needs none of the store's code
 * (Dexie, the actors and XState with them): that loads once the customer does something the device keeps, or once
 * another tab opens the store. False wherever the browser cannot tell (no `indexedDB.databases()`).
 */
export function isNewDevice(): Promise<boolean> {
  checked ??= check()
  return checked
}

let checked: Promise<boolean> | undefined

async function check(): Promise<boolean> {
  if (sessionTag() !== null) return false
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return false
  try {
    return !(await indexedDB.databases()).some((database) => database.name === DB_NAME)
  } catch {
    return false
  }
}

const CHANNEL = 'storefront-device'
let opened = false
const waiting = new Set<() => void>()
let channel: BroadcastChannel | undefined

function runWaiting(): void {
  opened = true
  channel?.close()
  channel = undefined
  const runs = [...waiting]
  waiting.clear()
  for (const run of runs) run()
}

/** The store opened in this tab (src/store calls this): what waits for it runs, here and in the other tabs. */
export function storeOpened(): void {
  if (opened) return
  if (typeof BroadcastChannel !== 'undefined') {
    const other = new BroadcastChannel(CHANNEL)
    other.postMessage('opened')
    other.close()
  }
  runWaiting()
}

/** Runs `run` once the store is open in this tab or another (at once if it is); the returned function cancels. */
export function whenStoreOpened(run: () => void): () => void {
  if (opened) {
    run()
    return () => {}
  }
  waiting.add(run)
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(CHANNEL)
    channel.onmessage = () => runWaiting()
  }
  return () => void waiting.delete(run)
}

/**
 * Runs `run` once the device's store is in use: soon on a device that holds the app's data, on a new device only
 * when the store opens (the customer kept something, here or in another tab). The returned function cancels.
 */
export function whenDeviceInUse(run: () => void): () => void {
  let cancelled = false
  let cancel = () => {
    cancelled = true
  }
  void isNewDevice().then((isNew) => {
    if (cancelled) return
    if (!isNew) return run()
    cancel = whenStoreOpened(run)
  })
  return () => cancel()
}
