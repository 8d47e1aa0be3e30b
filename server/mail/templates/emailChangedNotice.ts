import { textMail } from '../textMail.ts'

export interface EmailChangedNoticeValues {
  firstName: string
  /** The address the account moved to. */
  email: string
  /** The link to /email_change/undo. */
  link: string
  /** How long the link works. */
  days: number
}

/** Sent to the old address once a change is confirmed: for some days it can put the old email back. */
export const emailChangedNoticeMail = textMail<EmailChangedNoticeValues>({
  name: 'emailChangedNotice',
  subject: /*i18n*/ { id: 'emailChangedNotice.subject', message: 'The email of your {shop} account was changed' },
  greets: 'firstName',
  intro: [
    /*i18n*/ { id: 'emailChangedNotice.changed', message: 'Your {shop} account now signs in with {email} instead of this address.' },
    /*i18n*/ {
      id: 'emailChangedNotice.undo',
      message:
        'If this was not you, put this address back with the link below (it works once, for {days} days): every device is signed out, and you then choose a new password.',
    },
  ],
  action: { label: /*i18n*/ { id: 'emailChangedNotice.action', message: 'Put my email back' }, link: 'link' },
  outro: [/*i18n*/ { id: 'emailChangedNotice.wasYou', message: 'If it was you, there is nothing to do.' }],
})
