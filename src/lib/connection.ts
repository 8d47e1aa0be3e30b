import { ORDERS_REPLAYED, workerMessage } from '../pwa/workerMessages.ts'

/**
 * The one signal that the connection is back, whoever learnt it first: the browser ('online'), the server answering
 * while the app shows the customer offline (the account's offline probe, for networks that never fire 'online'), or
 * the service worker whose replayed writes the server answered. Each listener decides what it means for it: the
 * session is checked again, the outbox sends what waited for the connection.
 */
const listeners = new Set<() => void>()
let listening = false

export function connectionReturned(): void {
  for (const listener of [...listeners]) listener()
}

/** Calls `listener` each time the connection returns; the returned function stops it. */
export function onConnectionReturned(listener: () => void): () => void {
  listenToTheBrowser()
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

function listenToTheBrowser(): void {
  if (listening || typeof window === 'undefined') return
  listening = true
  window.addEventListener('online', () => connectionReturned())
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
    if (workerMessage(event.data)?.type === ORDERS_REPLAYED) connectionReturned()
  })
}
