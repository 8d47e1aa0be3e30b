import * as v from 'valibot'
import type { Dated } from './answeredAt.ts'
import { api, getDatedJson, refusalOf } from './client.ts'
import { LinkedSignInsSchema, SignInRemovalRefusedSchema, type LinkedSignIns, type RemoveSignIn, type SignInRemovalRefusal } from '../domain/linkedSignIns.ts'

/** GET /v2/users/{user_id}/sign_ins: the provider sign-ins linked to the account, and when the server said so (a copy the service worker kept keeps its age). */
export function fetchLinkedSignIns(userId: number): Promise<Dated<LinkedSignIns>> {
  return getDatedJson(`/v2/users/${userId}/sign_ins`, LinkedSignInsSchema)
}

/** The answer to a removal: the sign-ins still linked, the server's refusal (its reason when it gave one), or no answer. */
export type SignInRemovalResult =
  | { kind: 'removed'; signIns: LinkedSignIns }
  | { kind: 'refused'; status: number; error: string; reason: SignInRemovalRefusal | null }
  | { kind: 'no-answer' }

/** POST /v2/users/{user_id}/sign_ins/remove: never queued, as it carries the password and must be said to have worked or not. */
export async function removeLinkedSignIn(userId: number, body: RemoveSignIn): Promise<SignInRemovalResult> {
  try {
    const reply = await api(`/v2/users/${userId}/sign_ins/remove`, { method: 'POST', body })
    return { kind: 'removed', signIns: v.parse(LinkedSignInsSchema, reply) }
  } catch (e) {
    const failure = refusalOf(e, SignInRemovalRefusedSchema)
    if (failure.kind === 'no-answer') return { kind: 'no-answer' }
    return { kind: 'refused', status: failure.status, error: failure.body?.error ?? '', reason: failure.body?.reason ?? null }
  }
}
