import { setup } from 'xstate'

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

/** The installed app as the page sees it: the connection, a waiting version, the browser's install offer. */
export const pwaMachine = setup({
  types: {
    events: {} as PwaEvent,
    context: {} as { startedOnline: boolean },
    input: {} as { online: boolean },
  },
}).createMachine({
  id: 'pwa',
  type: 'parallel',
  context: ({ input }) => ({ startedOnline: input.online }),
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
      },
    },
  },
})
