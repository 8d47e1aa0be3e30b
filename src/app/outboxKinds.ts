import { accountEditOutbox } from '../features/account/profile/accountEditQueue.ts'
import { logoutOutbox } from '../features/account/session/logoutQueue.ts'
import { orderOutbox } from '../features/orders/orderOutbox.ts'
import { simRenameOutbox } from '../features/portal/simActions/simRenameQueue.ts'
import { supportOutbox } from '../features/support/supportQueue.ts'
import { supportAnswerOutbox } from '../features/support/answerQueue.ts'
import { clientErrorOutbox } from '../features/errors/clientErrorQueue.ts'
import type { OutboxKind } from '../outbox/kind.ts'

/**
 * Every kind of queued write the outbox sends, in the order a drain takes them: logouts first, so a session the
 * customer left is ended before anything else goes. A new kind is one entry here (see src/outbox/kind.ts).
 */
export const outboxKinds: readonly OutboxKind[] = [
  logoutOutbox(),
  accountEditOutbox(),
  orderOutbox(),
  supportOutbox(),
  supportAnswerOutbox(),
  simRenameOutbox(),
  clientErrorOutbox(),
]
