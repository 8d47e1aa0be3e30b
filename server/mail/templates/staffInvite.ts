import { textMail } from '../textMail.ts'

export interface StaffInviteValues {
  /** The name the owner gave them. */
  name: string
  /** Who invites: an owner's name, or the shop for the command line's invitation. */
  inviter: string
  role: string
  /** The single-use link to /staff/invite/<token>. */
  link: string
  /** How long the link works. */
  days: number
}

/** An invitation to the back office, sent when an owner invites someone (the owner also gets the link to pass on). */
export const staffInviteMail = textMail<StaffInviteValues>({
  name: 'staffInvite',
  subject: /*i18n*/ { id: 'staffInvite.subject', message: 'You are invited to the {shop} back office' },
  greets: 'name',
  intro: [
    /*i18n*/ {
      id: 'staffInvite.invited',
      message:
        '{inviter} invited you to the {shop} back office with the role {role, select, support {Support} fulfilment {Fulfilment} finance {Finance} owner {Owner} other {{role}}}.',
    },
    /*i18n*/ {
      id: 'staffInvite.passkey',
      message:
        'Open the link below on a phone or computer that can keep a passkey (it unlocks with your fingerprint, face or screen lock). It works once, for {days} days.',
    },
  ],
  action: { label: /*i18n*/ { id: 'staffInvite.action', message: 'Join the back office' }, link: 'link' },
  outro: [/*i18n*/ { id: 'staffInvite.notYou', message: 'If you did not expect this, ignore this email: nobody can join without the link.' }],
})
