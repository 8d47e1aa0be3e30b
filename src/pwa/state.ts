import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import type { pwaMachine } from '../../machines/pwa.machine.ts'
import { actorStore, sameFields, useActorStore, type ActorStore } from '../lib/actorStore.ts'
import { serviceHook } from '../lib/serviceContext.ts'

type PwaActor = ActorRefFrom<typeof pwaMachine>

/** The browser's install offer (not yet in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export interface PwaState {
  online: boolean
  /** A new version is waiting; `applyUpdate` moves this tab to it. */
  updateReady: boolean
  /** The browser offers installation, and the customer has not said "Not now" lately. */
  installable: boolean
  /** iOS Safari, not installed: the app says how to add it from the Share menu. */
  homeScreenHint: boolean
}

// What a page rendered on the server shows (and what hydration starts from): online, nothing pending.
const firstPaint: PwaState = { online: true, updateReady: false, installable: false, homeScreenHint: false }

const stateOf = (snapshot: SnapshotFrom<typeof pwaMachine>): PwaState => ({
  online: snapshot.matches({ connection: 'online' }),
  updateReady: snapshot.matches({ update: 'ready' }),
  installable: snapshot.matches({ install: { offer: 'offered', customer: 'engaged', answer: 'open' } }),
  homeScreenHint: snapshot.matches({ install: { hint: 'shown', customer: 'engaged' } }),
})

/**
 * The installed-app service (built by src/app/services.ts): the connection, a waiting version, the install offer.
 * Started while the network is there, so going offline later needs nothing from it.
 */
export interface Pwa extends ActorStore<PwaActor, PwaState> {
  install(): Promise<void>
  /** The customer's "Not now": the offer rests for a while on this device. */
  declineInstall(): void
  /** The customer put the Add to Home Screen hint away, for good on this device. */
  dismissHomeScreenHint(): void
  /** Called by the worker registration when a new version waits, with how to switch to it. */
  announceUpdate(apply: () => void): void
  reloadToUpdate(): void
}

/** The installed-app service; in the page it hears the browser's connection, install and engagement events. */
export function createPwa(): Pwa {
  // The machine (and xstate) loads with the first event it hears: the page's first paint needs neither.
  const pwa = actorStore({
    load: () => import('./pwaRuntime.ts').then(async ({ startPwaActor }) => ({ actor: await startPwaActor(navigator.onLine) })),
    view: stateOf,
    initial: firstPaint,
    before: () => ({ ...firstPaint, online: navigator.onLine }),
    equal: sameFields,
  })

  let installPrompt: InstallPromptEvent | undefined
  let applyUpdate: () => void = () => window.location.reload()

  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => pwa.send({ type: 'pwa.online' }))
    window.addEventListener('offline', () => pwa.send({ type: 'pwa.offline' }))
    window.addEventListener('beforeinstallprompt', (event) => {
      event.preventDefault()
      installPrompt = event as InstallPromptEvent
      pwa.send({ type: 'pwa.install.offered' })
    })
    for (const input of ['pointerdown', 'keydown'] as const)
      window.addEventListener(input, () => pwa.send({ type: 'pwa.engaged' }), { capture: true, once: true, passive: true })
    window.addEventListener('appinstalled', () => {
      installPrompt = undefined
      pwa.send({ type: 'pwa.installed' })
      void keepDataOnDevice()
    })
  }

  return {
    ...pwa,
    async install() {
      const offer = installPrompt
      if (!offer) return
      await offer.prompt()
      const { outcome } = await offer.userChoice
      if (outcome === 'accepted') pwa.send({ type: 'pwa.installed' })
    },
    declineInstall: () => pwa.send({ type: 'pwa.install.decline' }),
    dismissHomeScreenHint: () => pwa.send({ type: 'pwa.hint.dismiss' }),
    announceUpdate(apply) {
      applyUpdate = apply
      pwa.send({ type: 'pwa.update.ready' })
    },
    reloadToUpdate: () => applyUpdate(),
  }
}

/** Asks the browser not to evict the device's data (the cart, queued orders) under storage pressure. */
export async function keepDataOnDevice(): Promise<boolean> {
  return (await navigator.storage?.persist?.()) ?? false
}

/** The installed-app service, for a screen that acts on it: install, update. */
export const usePwaService = serviceHook<Pwa>('pwa')

export function usePwa(): PwaState {
  return useActorStore(usePwaService())
}
