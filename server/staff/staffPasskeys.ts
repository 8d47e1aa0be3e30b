import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server'
import { COSEALG } from '@simplewebauthn/server/helpers'
import type { AuthenticationResponseJSON, RegistrationResponseJSON, WebAuthnCredential } from '@simplewebauthn/server'
import type { StaffRole } from '../../src/domain/staff.ts'
import type { Queryable } from '../db/types.ts'
import type { RelyingParty } from './relyingParty.ts'
import { challengeMinutes, storeChallenge, takeChallenge } from './staffChallenges.ts'
import type { ChallengeBinding, ChallengePurpose } from './staffChallenges.ts'
import type { OpenInvite } from './staffInvites.ts'

/*
 * Passkeys (WebAuthn) with @simplewebauthn/server: the options a browser passes to its authenticator, and the check of
 * what the authenticator answers. Every passkey is discoverable (the member picks it, types no name) and verifies the
 * member (a PIN, a fingerprint, a face): a stolen phone alone signs no one in.
 */

const timeout = challengeMinutes * 60_000

/**
 * The signature algorithms a passkey may use, the library's usual three (EdDSA, ES256, RS256) named here: its default
 * list probes the runtime for post-quantum ML-DSA, and Node prints an experimental-feature warning on every probe.
 */
const supportedAlgorithmIDs = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256]

/** A stored passkey and the member it belongs to. */
export interface StoredPasskey {
  credential: WebAuthnCredential
  member: { id: number; email: string; name: string; role: StaffRole; removed: boolean }
}

export async function passkeyById(db: Queryable, credentialId: string): Promise<StoredPasskey | undefined> {
  const [row] = await db.query<{
    public_key: Uint8Array
    counter: string | number
    transports: string[]
    staff_id: number
    email: string
    name: string
    role: StaffRole
    removed: boolean
  }>(
    `select p.public_key, p.counter, p.transports, m.id as staff_id, m.email, m.name, m.role, m.removed_at is not null as removed
       from staff_passkeys p join staff m on m.id = p.staff_id where p.credential_id = $1`,
    [credentialId],
  )
  if (!row) return undefined
  return {
    credential: { id: credentialId, publicKey: new Uint8Array(row.public_key), counter: Number(row.counter), transports: row.transports },
    member: { id: Number(row.staff_id), email: row.email, name: row.name, role: row.role, removed: row.removed },
  }
}

/** The passkeys a member holds (for a step-up, the only ones its options allow). */
export const passkeysOf = (db: Queryable, staffId: number) =>
  db.query<{ id: string; transports: string[] }>('select credential_id as id, transports from staff_passkeys where staff_id = $1 order by created_at', [
    staffId,
  ])

/**
 * Records a passkey's use: its new signature counter, compared and set in one statement so two answers counted
 * the same (a replay, a cloned authenticator) cannot both pass. False when another use got there first.
 */
export async function recordPasskeyUse(tx: Queryable, credential: WebAuthnCredential, newCounter: number): Promise<boolean> {
  const updated = await tx.query('update staff_passkeys set counter = $2, last_used_at = now() where credential_id = $1 and counter = $3 returning 1', [
    credential.id,
    newCounter,
    credential.counter,
  ])
  return updated.length === 1
}

/** The options for making a passkey for the invitation's member; the challenge is kept, bound to the invitation. */
export async function registrationOptions(db: Queryable, rp: RelyingParty, invite: OpenInvite) {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: invite.email,
    userDisplayName: invite.name,
    userID: new Uint8Array(Buffer.from(invite.webauthnUserId, 'base64url')),
    timeout,
    attestationType: 'none',
    excludeCredentials: invite.passkeys.map(({ id, transports }) => ({ id, transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs,
  })
  await storeChallenge(db, 'register', options.challenge, { inviteTokenHash: invite.tokenHash })
  return options
}

/** The options for proving a passkey: any of the shop's (sign-in), or one of the member's own (step-up). */
export async function authenticationOptions(db: Queryable, rp: RelyingParty, purpose: Exclude<ChallengePurpose, 'register'>, staffId?: number) {
  const allowed = staffId === undefined ? [] : await passkeysOf(db, staffId)
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout,
    userVerification: 'required',
    ...(allowed.length > 0 ? { allowCredentials: allowed } : {}),
  })
  await storeChallenge(db, purpose, options.challenge, staffId === undefined ? {} : { staffId })
  return options
}

const takes = (db: Queryable, purpose: ChallengePurpose, binding: ChallengeBinding) => (challenge: string) => takeChallenge(db, purpose, challenge, binding)

/**
 * The new passkey an authenticator made for the invitation, if its answer holds: a live challenge of this invitation
 * (taken, so never answered twice), this origin and relying party, the member verified. Undefined otherwise.
 */
export async function verifiedRegistration(db: Queryable, rp: RelyingParty, invite: OpenInvite, response: RegistrationResponseJSON) {
  try {
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: takes(db, 'register', { inviteTokenHash: invite.tokenHash }),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs,
    })
    return verified.verified ? verified.registrationInfo.credential : undefined
  } catch {
    return undefined
  }
}

/** The stored passkey's new counter if the assertion holds (a live challenge taken once, origin, relying party, signature, counter). */
export async function verifiedAssertion(
  db: Queryable,
  rp: RelyingParty,
  purpose: Exclude<ChallengePurpose, 'register'>,
  passkey: StoredPasskey,
  response: AuthenticationResponseJSON,
): Promise<number | undefined> {
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: takes(db, purpose, purpose === 'step-up' ? { staffId: passkey.member.id } : {}),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: passkey.credential,
      requireUserVerification: true,
    })
    return verified.verified ? verified.authenticationInfo.newCounter : undefined
  } catch {
    return undefined
  }
}

/** Stores a new passkey for the member. */
export async function addPasskey(tx: Queryable, staffId: number, credential: WebAuthnCredential): Promise<void> {
  await tx.query('insert into staff_passkeys (credential_id, staff_id, public_key, counter, transports) values ($1, $2, $3, $4, $5::text::jsonb)', [
    credential.id,
    staffId,
    Buffer.from(credential.publicKey),
    credential.counter,
    JSON.stringify(credential.transports ?? []),
  ])
}
