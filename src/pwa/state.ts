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

let state: PwaState = { online: navigator.onLine, updateReady: false, installable: false }
let installPrompt: InstallPromptEvent | undefined
let applyUpdate: () => void = () => window.location.reload()
const listeners = new Set<() => void>()

function set(patch: Partial<PwaState>): void {
  state = { ...state, ...patch }
  for (const listener of listeners) listener()
}

window.addEventListener('online', () => set({ online: true }))
window.addEventListener('offline', () => set({ online: false }))
window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault()
  installPrompt = event as InstallPromptEvent
  set({ installable: true })
})
window.addEventListener('appinstalled', () => {
  installPrompt = undefined
  set({ installable: false })
  void keepDataOnDevice()
})

/** Asks the browser not to evict the device's data (the cart, queued orders) under storage pressure. */
export async function keepDataOnDevice(): Promise<boolean> {
  return (await navigator.storage?.persist?.()) ?? false
}

export async function install(): Promise<void> {
  const offer = installPrompt
  if (!offer) return
  await offer.prompt()
  const { outcome } = await offer.userChoice
  if (outcome === 'accepted') set({ installable: false })
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
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => state,
  )
}
