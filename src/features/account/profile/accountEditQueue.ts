import { t } from '@lingui/core/macro'
import { belongsTo } from '../../../outbox/lifecycle.ts'
import { sendAccountEdit, type AccountEditResult, type RefusalIssue } from '../../../api/accountEdits.ts'
import type { User } from '../../../domain/account.ts'
import { editFact } from '../../../domain/accountEdits.ts'
import { makeFact } from '../../../domain/events.ts'
import { ACCOUNT_EDIT, AccountEditRequestSchema, CHANGE_NOT_SAVED, refusalField, type AccountEdit, type AccountEditRequest } from '../../../domain/profile.ts'
import { i18n } from '../../../i18n/i18n.ts'
import { keepDataOnDevice } from '../../../pwa/state.ts'
import { commit } from '../../../store/commit.ts'
import { commitWithOutbox, queuedRow } from '../../../outbox/table.ts'
import { newId, stampNow } from '../../../lib/ids.ts'
import type { OutboxKind, Settled, SignedIn } from '../../../outbox/kind.ts'
import type { FactStore } from '../../../lib/ports.ts'
import { toast } from '../../../lib/toaster.ts'
import { accountMessage } from '../accountMessages.ts'
import { announceCustomer } from '../session/customerChanged.ts'

export { ACCOUNT_EDIT }

/** What became of one account edit in a drain; `waited` when it went out only after an earlier failed try. */
export type AccountEditOutcome = { id: string; customerId: number | null } & (
  | { kind: 'saved'; user: User; waited: boolean }
  | { kind: 'refused'; reason: string; field: string | null }
  | { kind: 'waiting'; error: string }
)

type Refused = { error: string; issues: RefusalIssue[] }
type SendEdit = (userId: number, request: AccountEditRequest) => Promise<AccountEditResult>

/**
 * Records an edit of the customer's account: its fact (shown at once, also after a reload) and its outbox row in one
 * write; the outbox sends it now or when the connection returns, under the fact id as its Idempotency-Key.
 */
export async function queueAccountEdit(
  customerId: number,
  edit: AccountEdit,
  store: Pick<FactStore, 'commitWithOutbox'> = { commitWithOutbox },
): Promise<string> {
  const id = newId()
  const now = new Date()
  const request: AccountEditRequest = { id, edit }
  await store.commitWithOutbox(editFact(customerId, edit, { id, occurredAt: now.toISOString() }), queuedRow(id, ACCOUNT_EDIT, request, customerId, now))
  // A waiting edit must survive storage pressure until it is sent.
  void keepDataOnDevice().catch(() => false)
  return id
}

/** The customer is done with a refused edit (typed again, or put away): it does not reopen, here or in another tab. */
export async function dismissRefusal(editId: string, store: Pick<FactStore, 'commit'> = { commit }): Promise<void> {
  await store.commit(makeFact('v1.AccountRefusalDismissed', { editId }, stampNow())).catch(() => undefined)
}

function report(settled: Settled<User, Refused>): AccountEditOutcome {
  const base = { id: settled.row.id, customerId: settled.row.customerId ?? null }
  if (settled.status === 'acknowledged') return { ...base, kind: 'saved', user: settled.body, waited: settled.row.attempts > 1 }
  if (settled.status === 'rejected') return { ...base, kind: 'refused', reason: settled.reason, field: refusalField(settled.refusal.body?.issues ?? []) }
  return { ...base, kind: 'waiting', error: settled.error }
}

/** An edit that waited and then went out, or was refused, is told to its own customer (another may be signed in now). */
function announce(outcomes: readonly AccountEditOutcome[], signedIn: SignedIn): void {
  for (const outcome of outcomes) {
    if (outcome.customerId !== signedIn) continue
    if (outcome.kind === 'saved' && outcome.waited) toast.success(t`Your account changes were saved.`, 4000)
    if (outcome.kind === 'refused') toast.error(accountMessage(i18n, outcome.reason), 3000)
  }
}

/**
 * A queued account edit (kind 'account.edit'): it goes only under its own customer's session; the server's answer
 * becomes a fact (acknowledged with the customer as stored, or refused with the reason and the field it names).
 */
export function accountEditOutbox(send: SendEdit = sendAccountEdit): OutboxKind<AccountEditRequest, User, Refused, AccountEditOutcome> {
  return {
    kind: ACCOUNT_EDIT,
    request: AccountEditRequestSchema,
    mayGo: (row, signedIn) => signedIn !== undefined && belongsTo(row, signedIn),
    // An address made default or removed offline must find the address its earlier edit adds.
    inOrder: true,
    async send(request, { row }) {
      // mayGo: the row's own customer is the one signed in.
      const result = await send(row.customerId as number, request)
      if (result.kind === 'saved') return { kind: 'accepted', body: result.user }
      if (result.kind === 'no-answer') return result
      const { status, error, issues, retryAfterMs } = result
      return { kind: 'refused', status, error, body: { error, issues }, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) }
    },
    acknowledged: (row, user) => ({
      fact: makeFact('v1.AccountEditAcknowledged', { editId: row.id, user }, stampNow()),
      after: async () => announceCustomer(user),
    }),
    rejected(row, refusal) {
      const reason = refusal.onDevice ? CHANGE_NOT_SAVED : refusal.body?.error || refusal.error || CHANGE_NOT_SAVED
      const field = refusal.onDevice ? null : refusalField(refusal.body?.issues ?? [])
      const status = refusal.onDevice ? null : refusal.status
      return { error: reason, fact: makeFact('v1.AccountEditRefused', { editId: row.id, reason, field, status }, stampNow()) }
    },
    report,
    announce,
  }
}
