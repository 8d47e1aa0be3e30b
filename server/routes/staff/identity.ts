import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { serverMessages } from '../../../src/domain/serverMessages.ts'
import {
  AcceptInviteSchema,
  InviteOptionsReplySchema,
  PasskeyAnswerSchema,
  PasskeyOptionsReplySchema,
  SignedInReplySchema,
  staffSignInMessages,
} from '../../../src/domain/staffSignIn.ts'
import type { Db, Queryable } from '../../db/types.ts'
import { boundedKey } from '../../http/boundedKey.ts'
import { jsonError } from '../../http/errors.ts'
import { readJson } from '../../http/jsonBody.ts'
import { answer, refusal } from '../../http/openApi.ts'
import { clientAddress } from '../../http/requestInfo.ts'
import { staffSignIns } from '../../metrics.ts'
import { allow } from '../../staff/allow.ts'
import type { StaffEnv } from '../../staff/allow.ts'
import { audit, countStaffAction } from '../../staff/audit.ts'
import type { StaffActor } from '../../staff/audit.ts'
import { describeStaff } from '../../staff/describeStaff.ts'
import { relyingParty } from '../../staff/relyingParty.ts'
import { admitStaffSignIn, staffSignInRefused, staffSignInSucceeded } from '../../staff/signInLimiter.ts'
import { setStaffCookie } from '../../staff/staffCookie.ts'
import { joinByInvite, openInvite } from '../../staff/staffInvites.ts'
import type { InviteRefusal } from '../../staff/staffInvites.ts'
import {
  addPasskey,
  authenticationOptions,
  passkeyById,
  recordPasskeyUse,
  registrationOptions,
  verifiedAssertion,
  verifiedRegistration,
} from '../../staff/staffPasskeys.ts'
import { createStaffSession } from '../../staff/staffSessions.ts'
import type { StaffMember, StaffSessionLimits } from '../../staff/staffSessions.ts'
import type { CookieSettings } from '../../http/sessionCookie.ts'
import type { RelyingPartySettings } from '../../staff/relyingParty.ts'

const inviteRefused = {
  invalid: [404, staffSignInMessages.inviteInvalid],
  used: [410, staffSignInMessages.inviteUsed],
  expired: [410, staffSignInMessages.inviteExpired],
} as const satisfies Record<InviteRefusal, readonly [number, string]>

const refuseInvite = (c: Context, why: InviteRefusal) => jsonError(c, inviteRefused[why][0], inviteRefused[why][1])

const inviteRefusals = { 404: refusal('No such invitation'), 410: refusal('The invitation was used already, or expired') }

const described = {
  inviteOptions: describeStaff({
    summary: "An invitation's passkey registration options (for @simplewebauthn/browser's startRegistration)",
    access: 'anyone',
    responses: { 200: answer('Whom the invitation is for, and the options', InviteOptionsReplySchema), ...inviteRefusals },
  }),
  acceptInvite: describeStaff({
    summary: 'Accept an invitation with the new passkey: the member joins (or gains a passkey) and is signed in (sets staff_sid)',
    access: 'anyone',
    body: AcceptInviteSchema,
    responses: {
      201: answer('Joined and signed in', SignedInReplySchema),
      ...inviteRefusals,
      422: refusal('The passkey answer does not hold (challenge, origin, relying party, user verification)'),
    },
  }),
  signInOptions: describeStaff({
    summary: "Passkey sign-in options, any of the shop's passkeys (for startAuthentication)",
    access: 'anyone',
    responses: { 200: answer('The options', PasskeyOptionsReplySchema) },
  }),
  signIn: describeStaff({
    summary: 'Sign in with a passkey (sets staff_sid)',
    access: 'anyone',
    body: PasskeyAnswerSchema,
    responses: {
      200: answer('Signed in', SignedInReplySchema),
      401: refusal('The passkey answer was refused (one message whatever the reason)'),
      429: refusal('Too many refused sign-ins from this address (Retry-After)'),
    },
  }),
  stepUpOptions: describeStaff({
    summary: 'Options for confirming it is the member with one of their own passkeys (step-up)',
    access: 'signed-in',
    responses: { 200: answer('The options', PasskeyOptionsReplySchema) },
  }),
  stepUp: describeStaff({
    summary: 'Confirm it is the member: a fresh passkey check lets refunds and role changes through for five minutes',
    access: 'signed-in',
    body: PasskeyAnswerSchema,
    responses: { 204: answer('Confirmed'), 422: refusal('The passkey answer does not hold, or is not one of the member’s passkeys') },
  }),
}

/**
 * The back office's sign-in: accepting an invitation with a new passkey, signing in with one, and the step-up before a
 * refund or a role change. Sessions start here (server/staff/staffSessions.ts).
 */
export function identityStaffRoutes(db: Db, config: CookieSettings & RelyingPartySettings & StaffSessionLimits) {
  /** A new session for the member in `tx`, audited there as `action`; its cookie is set once `tx` commits. */
  const startSession = async (c: Context, tx: Queryable, member: StaffMember, action: string, summary: Record<string, unknown>) => {
    const address = boundedKey(clientAddress(c, config))
    const session = await createStaffSession(tx, member.id, address, config)
    const actor: StaffActor = { staffId: member.id, actor: member.email, clientAddress: address }
    await audit(tx, actor, { action, targetType: 'staff', targetId: member.id, summary })
    return session
  }

  return new Hono<StaffEnv>()
    .post('/invites/:token/options', allow('anyone'), described.inviteOptions, async (c) => {
      const invite = await openInvite(db, c.req.param('token'))
      if ('refused' in invite) return refuseInvite(c, invite.refused)
      const options = await registrationOptions(db, relyingParty(c, config), invite)
      return c.json({ invite: { email: invite.email, name: invite.name, role: invite.role }, options })
    })
    .post('/invites/:token', allow('anyone'), described.acceptInvite, async (c) => {
      const read = readJson(c, AcceptInviteSchema)
      if ('refused' in read) return read.refused
      const token = c.req.param('token')
      const invite = await openInvite(db, token)
      if ('refused' in invite) return refuseInvite(c, invite.refused)
      const credential = await verifiedRegistration(db, relyingParty(c, config), invite, read.body.response as unknown as RegistrationResponseJSON)
      if (!credential) return jsonError(c, 422, staffSignInMessages.passkeyNotRegistered)
      const joined = await db.transaction(async (tx) => {
        const member = await joinByInvite(tx, token)
        if ('refused' in member) return member
        await addPasskey(tx, member.id, credential)
        const { existing, ...staff } = member
        const session = await startSession(c, tx, staff, 'staff.join', { role: staff.role, passkeyAdded: existing })
        return { staff, session }
      })
      if ('refused' in joined) return refuseInvite(c, joined.refused)
      countStaffAction('staff.join', 'done')
      setStaffCookie(c, joined.session.id, joined.session.expiresAt, config)
      return c.json({ staff: joined.staff }, 201)
    })
    .post('/sign-in/options', allow('anyone'), described.signInOptions, async (c) => {
      return c.json({ options: await authenticationOptions(db, relyingParty(c, config), 'sign-in') })
    })
    .post('/sign-in', allow('anyone'), described.signIn, async (c) => {
      const read = readJson(c, PasskeyAnswerSchema)
      if ('refused' in read) return read.refused
      const address = boundedKey(clientAddress(c, config))
      const admitted = await admitStaffSignIn(db, address)
      if (!admitted.taken) {
        staffSignIns.inc({ outcome: 'limited' })
        c.header('Retry-After', String(admitted.retryAfter))
        return jsonError(c, 429, serverMessages.tooManyAttempts)
      }
      const response = read.body.response as unknown as AuthenticationResponseJSON
      const passkey = await passkeyById(db, response.id)
      const counter = passkey && !passkey.member.removed ? await verifiedAssertion(db, relyingParty(c, config), 'sign-in', passkey, response) : undefined
      const signedIn =
        passkey && counter !== undefined
          ? await db.transaction(async (tx) => {
              if (!(await recordPasskeyUse(tx, passkey.credential, counter))) return undefined
              const { removed, ...staff } = passkey.member
              return { staff, session: await startSession(c, tx, staff, 'staff.sign-in', {}) }
            })
          : undefined
      if (!signedIn) {
        staffSignIns.inc({ outcome: 'refused' })
        await staffSignInRefused(db)
        return jsonError(c, 401, staffSignInMessages.signInRefused)
      }
      countStaffAction('staff.sign-in', 'done')
      staffSignIns.inc({ outcome: 'signed_in' })
      await staffSignInSucceeded(db, address, admitted)
      setStaffCookie(c, signedIn.session.id, signedIn.session.expiresAt, config)
      return c.json({ staff: signedIn.staff })
    })
    .post('/step-up/options', allow('signed-in'), described.stepUpOptions, async (c) => {
      return c.json({ options: await authenticationOptions(db, relyingParty(c, config), 'step-up', c.var.staff.id) })
    })
    .post('/step-up', allow('signed-in'), described.stepUp, async (c) => {
      const read = readJson(c, PasskeyAnswerSchema)
      if ('refused' in read) return read.refused
      const response = read.body.response as unknown as AuthenticationResponseJSON
      const passkey = await passkeyById(db, response.id)
      const own = passkey?.member.id === c.var.staff.id ? passkey : undefined
      const counter = own ? await verifiedAssertion(db, relyingParty(c, config), 'step-up', own, response) : undefined
      const confirmed =
        own && counter !== undefined
          ? await db.transaction(async (tx) => {
              if (!(await recordPasskeyUse(tx, own.credential, counter))) return false
              await tx.query('update staff_sessions set stepped_up_at = now() where id_hash = $1', [c.var.staffSession.idHash])
              return true
            })
          : false
      return confirmed ? c.body(null, 204) : jsonError(c, 422, staffSignInMessages.stepUpRefused)
    })
}
