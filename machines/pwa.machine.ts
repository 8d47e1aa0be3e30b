import { setup } from 'xstate'

/** How long a "Not now" to the install offer holds: after it the offer may show again. */
export const INSTALL_DECLINE_RESTS_MS = 30 * 24 * 60 * 60 * 1000

/** What the device remembers of the customer's earlier answers to the install offer, read before the machine starts. */
export interface InstallMemory {
  /** When the customer last said "Not now" (ms since the epoch), or null. */
  declinedAt: number | null
  /** The customer put the Add to Home Screen hint away. */
  hintDismissed: boolean
  /** When it was read, by the page's clock (ms since the epoch). */
  readAt: number
}

/** How the browser installs apps, as the page sees it at start. */
export interface InstallPlatform {
  /** Only from its own Share menu, with no install offer of its own (iOS Safari). */
  installsFromShareMenu: boolean
  /** The app already runs installed (from the home screen). */
  standalone: boolean
}

export type PwaEvent =
  | { type: 'pwa.online' }
  | { type: 'pwa.offline' }
  /** A new version waits (or another tab moved to one): this tab offers the reload. */
  | { type: 'pwa.update.ready' }
  /** The browser offers installation. */
  | { type: 'pwa.install.offered' }
  /** The customer used the page (a tap or a key). */
  | { type: 'pwa.engaged' }
  /** Installed, or the customer accepted the browser's offer: no more offer until the browser makes a new one. */
  | { type: 'pwa.installed' }
  /** The customer said "Not now" to the install offer. */
  | { type: 'pwa.install.decline' }
  /** The customer put away the Add to Home Screen hint. */
  | { type: 'pwa.hint.dismiss' }

interface PwaContext {
  startedOnline: boolean
  platform: InstallPlatform
  /** Null when the device could not say: no earlier answer holds. */
  memory: InstallMemory | null
}

const declinedLately = (memory: InstallMemory | null) =>
  memory !== null && memory.declinedAt !== null && memory.readAt - memory.declinedAt < INSTALL_DECLINE_RESTS_MS

/** The installed app as the page sees it: the connection, a waiting version, the install offer and the customer's answers to it. */
export const pwaMachine = setup({
  types: {
    events: {} as PwaEvent,
    context: {} as PwaContext,
    input: {} as { online: boolean; platform?: InstallPlatform; memory?: InstallMemory | null },
  },
  actions: {
    // Supplied by src/ with machine.provide(); the defaults keep nothing.
    /** Keeps the customer's "Not now" on the device, with its time. */
    recordDecline: () => {},
    /** Keeps on the device that the hint was put away. */
    recordHintDismissed: () => {},
  },
  guards: {
    declinedLately: ({ context }) => declinedLately(context.memory),
    // A device that could not say in time may hold a "Got it": the hint waits for a visit that can say, never shows again after one.
    hintDismissed: ({ context }) => context.memory === null || context.memory.hintDismissed,
    noHintNeeded: ({ context }) => !context.platform.installsFromShareMenu || context.platform.standalone,
  },
}).createMachine({
  id: 'pwa',
  type: 'parallel',
  context: ({ input }) => ({
    startedOnline: input.online,
    platform: input.platform ?? { installsFromShareMenu: false, standalone: false },
    memory: input.memory ?? null,
  }),
  states: {
    connection: {
      initial: 'unknown',
      states: {
        unknown: {
          always: [{ guard: ({ context }) => context.startedOnline, target: 'online' }, { target: 'offline' }],
        },
        online: { on: { 'pwa.offline': 'offline' } },
        offline: { on: { 'pwa.online': 'online' } },
      },
    },
    update: {
      initial: 'current',
      states: {
        current: { on: { 'pwa.update.ready': 'ready' } },
        ready: {},
      },
    },
    // The install offer waits until the customer has used the page: it is not the first thing a visitor sees, and
    // appearing right after their own input it moves nothing they did not expect to move.
    install: {
      type: 'parallel',
      states: {
        offer: {
          initial: 'none',
          states: {
            none: { on: { 'pwa.install.offered': 'offered' } },
            offered: { on: { 'pwa.installed': 'none' } },
          },
        },
        customer: {
          initial: 'away',
          states: {
            away: { on: { 'pwa.engaged': 'engaged' } },
            engaged: {},
          },
        },
        // The customer's answer to the offer: "Not now" rests it for INSTALL_DECLINE_RESTS_MS.
        answer: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'declinedLately', target: 'declined' }, { target: 'open' }] },
            open: { on: { 'pwa.install.decline': { target: 'declined', actions: 'recordDecline' } } },
            declined: {},
          },
        },
        // iOS Safari makes no offer: the app says how to add it from the Share menu, until the customer puts that away.
        hint: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'noHintNeeded', target: 'unneeded' }, { guard: 'hintDismissed', target: 'dismissed' }, { target: 'shown' }],
            },
            shown: { on: { 'pwa.hint.dismiss': { target: 'dismissed', actions: 'recordHintDismissed' } } },
            unneeded: {},
            dismissed: {},
          },
        },
      },
    },
  },
})
