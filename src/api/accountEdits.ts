import * as v from 'valibot'
import { UserReplySchema, type User } from '../domain/account.ts'
import { EmailConfirmedSchema, type AccountEdit, type AccountEditRequest, type EmailChange } from '../domain/profile.ts'
import { api, refusalOf } from './client.ts'

/** One field's message in a refusal, by its dotted path (`address.street_name`). */
export interface RefusalIssue {
  path: string
  message: string
}

/** One attempt to make an account edit: the customer as stored after it, the server's refusal, or no answer. */
export type AccountEditResult =
  | { kind: 'saved'; user: User }
  | { kind: 'refused'; status: number; error: string; issues: RefusalIssue[]; retryAfterMs?: number; requestId?: string }
  | { kind: 'no-answer'; error: string }

const RefusalSchema = v.object({ error: v.string(), issues: v.optional(v.array(v.object({ path: v.string(), message: v.string() })), []) })

/** The route each kind of edit goes to, under the customer's own id. */
function routeOf(userId: number, edit: AccountEdit): { method: 'PUT' | 'DELETE'; path: string; body?: unknown } {
  const user = `/v2/users/${userId}`
  switch (edit.kind) {
    case 'profile':
      return { method: 'PUT', path: `${user}/profile`, body: edit.profile }
    case 'address.save':
      return { method: 'PUT', path: `${user}/addresses/${edit.address_id}`, body: { address: edit.address, is_default: edit.is_default } }
    case 'address.remove':
      return { method: 'DELETE', path: `${user}/addresses/${edit.address_id}` }
    case 'address.default':
      return { method: 'PUT', path: `${user}/default_address`, body: { address_id: edit.address_id } }
    case 'language':
      return { method: 'PUT', path: `${user}/language`, body: { language: edit.language } }
  }
}

/** Sends one queued account edit with its id as the Idempotency-Key: a replay changes nothing twice. */
export async function sendAccountEdit(userId: number, { id, edit }: AccountEditRequest): Promise<AccountEditResult> {
  const { method, path, body } = routeOf(userId, edit)
  try {
    const reply = await api(path, { method, headers: { 'Idempotency-Key': id }, ...(body === undefined ? {} : { body }) })
    return { kind: 'saved', user: v.parse(UserReplySchema, reply).user }
  } catch (e) {
    return refusedOrLost(e)
  }
}

/** A failed call as the server refused it (its text, the fields it names, how long to wait), or as no answer. */
export function refusedOrLost(e: unknown): Extract<AccountEditResult, { kind: 'refused' | 'no-answer' }> {
  const failure = refusalOf(e, RefusalSchema)
  if (failure.kind === 'no-answer') return failure
  const { status, body, retryAfterMs, requestId } = failure
  return {
    kind: 'refused',
    status,
    error: body?.error ?? '',
    issues: body?.issues ?? [],
    ...(retryAfterMs === null ? {} : { retryAfterMs }),
    ...(requestId ? { requestId } : {}),
  }
}

/** The answer to an email change: the customer with the address waiting for its link, the refusal, or no answer. */
export type EmailChangeResult = { kind: 'requested'; user: User } | Extract<AccountEditResult, { kind: 'refused' | 'no-answer' }>

/** POST /v2/users/{user_id}/email: mails a confirmation link to the new address; never queued, as it carries the password. */
export async function requestEmailChange(userId: number, change: EmailChange): Promise<EmailChangeResult> {
  try {
    const reply = await api(`/v2/users/${userId}/email`, { method: 'POST', body: change })
    return { kind: 'requested', user: v.parse(UserReplySchema, reply).user }
  } catch (e) {
    return refusedOrLost(e)
  }
}

/** The answer to following a link mailed about the email: the email the account has after it, the refusal, or no answer. */
export type EmailLinkResult = { kind: 'done'; email: string } | Extract<AccountEditResult, { kind: 'refused' | 'no-answer' }>

/**
 * POST /v2/email_confirmations, /v2/email_verifications, /v2/email_changes/stop, /v2/email_changes/undo,
 * /v2/social_sign_ins/confirm or /v2/sign_in_removals with the link's token.
 */
export async function followEmailLink(
  path:
    | '/v2/email_confirmations'
    | '/v2/email_verifications'
    | '/v2/email_changes/stop'
    | '/v2/email_changes/undo'
    | '/v2/social_sign_ins/confirm'
    | '/v2/sign_in_removals',
  token: string,
): Promise<EmailLinkResult> {
  try {
    const reply = await api(path, { method: 'POST', body: { token } })
    return { kind: 'done', email: v.parse(EmailConfirmedSchema, reply).email }
  } catch (e) {
    return refusedOrLost(e)
  }
}
