import { useSyncExternalStore } from 'react'

/** The browser's install offer (not yet in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export interface PwaState {
  online: boolean
  /** A new version is waiting; `applyUpdate` moves this tab to it. */
  updateReady: boolean
  /** The browser offers installation. */
  installable: boolean
}

// What a page rendered on the server shows (and what hydration starts from): online, nothing pending.
const firstPaint: PwaState = { online: true, updateReady: false, installable: false }
const inBrowser = typeof window !== 'undefined'
let state: PwaState = inBrowser ? { ...firstPaint, online: navigator.onLine } : firstPaint
let installPrompt: InstallPromptEvent | undefined
let applyUpdate: () => void = () => window.location.reload()
const listeners = new Set<() => void>()

function set(patch: Partial<PwaState>): void {
  state = { ...state, ...patch }
  for (const listener of listeners) listener()
}

// The install offer waits until the customer has used the page (a tap or a key): it is not the first thing a
// visitor sees, and appearing right after their own input it moves nothing they did not expect to move.
let offered = false
let engaged = false
const offerWhenEngaged = () => set({ installable: offered && engaged })

if (inBrowser) {
  window.addEventListener('online', () => set({ online: true }))
  window.addEventListener('offline', () => set({ online: false }))
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    installPrompt = event as InstallPromptEvent
    offered = true
    offerWhenEngaged()
  })
  for (const input of ['pointerdown', 'keydown'] as const)
    window.addEventListener(
      input,
      () => {
        engaged = true
        offerWhenEngaged()
      },
      { capture: true, once: true, passive: true },
    )
  window.addEventListener('appinstalled', () => {
    installPrompt = undefined
    offered = false
    set({ installable: false })
    void keepDataOnDevice()
  })
}

/** Asks the browser not to evict the device's data (the cart, queued orders) under storage pressure. */
export async function keepDataOnDevice(): Promise<boolean> {
  return (await navigator.storage?.persist?.()) ?? false
}

export async function install(): Promise<void> {
  const offer = installPrompt
  if (!offer) return
  await offer.prompt()
  const { outcome } = await offer.userChoice
  if (outcome === 'accepted') {
    offered = false
    set({ installable: false })
  }
}

/** Called by the worker registration when a new version waits, with how to switch to it. */
export function announceUpdate(apply: () => void): void {
  applyUpdate = apply
  set({ updateReady: true })
}

export function reloadToUpdate(): void {
  applyUpdate()
}

export function usePwa(): PwaState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => state,
    () => firstPaint,
  )
}
