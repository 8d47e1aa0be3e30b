import { Workbox } from 'workbox-window'

const UPDATE_CHECK_MS = 60 * 60 * 1000

/**
 * Registers the service worker and announces new versions (through `announceUpdate`, with how to switch to one);
 * never reloads without the customer's say.
 */
export function registerServiceWorker(announceUpdate: (apply: () => void) => void): void {
  if (!('serviceWorker' in navigator)) return
  const wb = new Workbox('/sw.js')
  let reloadWanted = false
  // Whether a worker controlled this page already: a change of controller then is a new version taking over, while
  // the first install taking the page (clientsClaim) is not. Workbox's `isUpdate` is false on a page that had no
  // worker when it registered, even for a later version, so it cannot tell these apart.
  let controlled = navigator.serviceWorker.controller !== null

  const reload = () => {
    reloadWanted = true
    void navigator.serviceWorker
      .getRegistration()
      .then((registration) => {
        const waiting = registration?.waiting
        // Nothing waits any more (another tab already switched to it): the reload alone moves this tab.
        if (!waiting) return window.location.reload()
        // The new worker takes over and 'controlling' reloads this tab onto it, however long it takes to start. One
        // that fails to activate goes redundant: then the reload is all there is to do.
        waiting.addEventListener('statechange', () => {
          if (waiting.state === 'redundant') window.location.reload()
        })
        wb.messageSkipWaiting()
      })
      .catch(() => window.location.reload())
  }
  wb.addEventListener('waiting', () => announceUpdate(reload))
  wb.addEventListener('controlling', () => {
    const switched = controlled
    controlled = true
    if (reloadWanted) window.location.reload()
    // Another tab switched versions: this one runs old code, so it offers the reload too.
    else if (switched) announceUpdate(() => window.location.reload())
  })
  void wb.register().then((registration) => {
    const check = () => void registration?.update().catch(() => {})
    setInterval(check, UPDATE_CHECK_MS)
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check()
    })
  })
}
