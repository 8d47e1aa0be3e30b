import { textMail } from '../textMail.ts'

export interface EmailChangeValues {
  /** The new address, which the mail goes to. */
  email: string
  /** The link to /confirm_email. */
  link: string
  /** How long the link works. */
  hours: number
}

/**
 * The link that confirms a new email address, sent to that address by Update Profile. It greets without the
 * customer's name: the address is not confirmed yet, so it may be anyone's.
 */
export const emailChangeMail = textMail<EmailChangeValues>({
  name: 'emailChange',
  subject: /*i18n*/ { id: 'emailChange.subject', message: 'Confirm your new email for {shop}' },
  intro: [
    /*i18n*/ {
      id: 'emailChange.asked',
      message: 'You asked to use {email} for your {shop} account. Your account keeps its current email until you confirm.',
    },
    /*i18n*/ { id: 'emailChange.howLong', message: 'Confirm with the link below. It works for {hours} hours.' },
  ],
  action: { label: /*i18n*/ { id: 'emailChange.action', message: 'Confirm my new email' }, link: 'link' },
  outro: [/*i18n*/ { id: 'emailChange.notYou', message: 'If you did not ask for this, ignore this email: nothing changes.' }],
})
