import { commitWithOutbox } from '../outbox/table.ts'
import { commit } from '../store/commit.ts'
import { saveOrder } from '../store/orderCache.ts'
import { saveServiceAnswer } from '../store/portalCache.ts'
import type { AnswerCache, FactStore, Online, Toasts } from './ports.ts'
import { toast } from './toaster.ts'

// The app's adapters of src/lib/ports.ts: this device's store, the page's toaster and connection (the outbox is
// the app's service: useOutbox(), src/outbox/outbox.ts).
// Imported where a machine is run (its hook or actor module, loaded after the first paint): it brings the store.

export const deviceStore: FactStore = {
  commit: (fact) => commit(fact),
  commitWithOutbox: (facts, row) => commitWithOutbox(facts, row),
}

export const deviceCache: AnswerCache = {
  saveOrder: (customerId, order, fetchedAt) => saveOrder(customerId, order, fetchedAt),
  saveServiceAnswer: (customerId, service, fetchedAt) => saveServiceAnswer(customerId, service, fetchedAt),
}

export const pageToasts: Toasts = toast

export const pageOnline: Online = () => navigator.onLine
