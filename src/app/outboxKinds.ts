import { logoutOutbox } from '../features/account/session/logoutQueue.ts'
import { clientErrorOutbox } from '../features/errors/clientErrorQueue.ts'
import { lazyKind, type OutboxKindEntry } from '../outbox/kind.ts'

/**
 * Every kind of queued write the outbox sends, in the order a drain takes them: logouts first, so a session the
 * customer left is ended before anything else goes. A new kind is one entry here (see src/outbox/kind.ts).
 *
 * The kinds a first visit never has waiting load with the first write of theirs a drain finds (lazyKind): their
 * code stays out of a customer's first visit. Logouts and error reports are here already (the session and the page
 * load their modules), so they are listed as they are.
 */
export const outboxKinds: readonly OutboxKindEntry[] = [
  logoutOutbox(),
  lazyKind('account.edit', () => import('../features/account/profile/accountEditQueue.ts').then((m) => m.accountEditOutbox())),
  lazyKind('order.create', () => import('../features/orders/orderOutbox.ts').then((m) => m.orderOutbox())),
  lazyKind('support.message', () => import('../features/support/supportQueue.ts').then((m) => m.supportOutbox())),
  lazyKind('support.answer', () => import('../features/support/answerQueue.ts').then((m) => m.supportAnswerOutbox())),
  lazyKind('sim.rename', () => import('../features/portal/simActions/simRenameQueue.ts').then((m) => m.simRenameOutbox())),
  clientErrorOutbox(),
]
