import { tokenHash } from '../accounts/tokenHash.ts'
import type { Queryable } from '../db/types.ts'

/** How long a browser has to answer a passkey challenge. */
export const challengeMinutes = 5

export type ChallengePurpose = 'register' | 'sign-in' | 'step-up'

/** Whose challenge it is: the invitation a registration answers, the member a step-up is for. */
export interface ChallengeBinding {
  staffId?: number
  inviteTokenHash?: Buffer
}

/**
 * Keeps a challenge handed to a browser (in the options it passes to the authenticator) for five minutes. The
 * authenticator signs it into its answer, which therefore names it: the browser holds nothing else. Expired
 * challenges are swept on the way.
 */
export async function storeChallenge(db: Queryable, purpose: ChallengePurpose, challenge: string, binding: ChallengeBinding = {}): Promise<void> {
  await db.query(
    `with swept as (delete from staff_challenges where expires_at < now())
     insert into staff_challenges (id_hash, purpose, challenge, staff_id, invite_token_hash, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
    [tokenHash(challenge), purpose, challenge, binding.staffId ?? null, binding.inviteTokenHash ?? null, challengeMinutes],
  )
}

/**
 * Takes the challenge an answer names, once: one statement deletes it if it is live, for this purpose and binding,
 * so of two answers to one challenge (on any instances) at most one is checked. False for anything else.
 */
export async function takeChallenge(db: Queryable, purpose: ChallengePurpose, challenge: string, binding: ChallengeBinding = {}): Promise<boolean> {
  const taken = await db.query(
    `delete from staff_challenges
      where id_hash = $1 and purpose = $2 and challenge = $3 and expires_at > now()
        and staff_id is not distinct from $4 and invite_token_hash is not distinct from $5
      returning 1`,
    [tokenHash(challenge), purpose, challenge, binding.staffId ?? null, binding.inviteTokenHash ?? null],
  )
  return taken.length === 1
}
