import { Workbox } from 'workbox-window'
import { announceUpdate } from './state.ts'

const UPDATE_CHECK_MS = 60 * 60 * 1000

/** Registers the service worker and announces new versions; never reloads without the customer's say. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  const wb = new Workbox('/sw.js')
  let reloadWanted = false

  const reload = () => {
    reloadWanted = true
    // The new worker takes over, then this tab reloads onto it; a worker already active needs only the reload.
    wb.messageSkipWaiting()
    setTimeout(() => window.location.reload(), 3000)
  }
  wb.addEventListener('waiting', () => announceUpdate(reload))
  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate) return
    if (reloadWanted) window.location.reload()
    // Another tab switched versions: this one runs old code, so it offers the reload too.
    else announceUpdate(() => window.location.reload())
  })
  void wb.register().then((registration) => {
    const check = () => void registration?.update().catch(() => {})
    setInterval(check, UPDATE_CHECK_MS)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check()
    })
  })
}
