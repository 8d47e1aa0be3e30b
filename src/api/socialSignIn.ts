import * as v from 'valibot'
import { EmailConfirmedSchema } from '../domain/profile.ts'
import { type AccountEditResult, refusedOrLost } from './accountEdits.ts'
import { api } from './client.ts'

/** The answer to naming the email of a social sign-in: the address the link went to, the refusal, or no answer. */
export type SocialEmailResult = { kind: 'sent'; email: string } | Extract<AccountEditResult, { kind: 'refused' | 'no-answer' }>

/** POST /v2/social_sign_ins/email: mails the link that proves the address and finishes the sign-in; never queued, it is answered now or not at all. */
export async function nameSocialEmail(email: string): Promise<SocialEmailResult> {
  try {
    const reply = await api('/v2/social_sign_ins/email', { method: 'POST', body: { email } })
    return { kind: 'sent', email: v.parse(EmailConfirmedSchema, reply).email }
  } catch (e) {
    return refusedOrLost(e)
  }
}
