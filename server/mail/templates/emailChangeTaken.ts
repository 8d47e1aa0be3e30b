import { textMail } from '../textMail.ts'

export interface EmailChangeTakenValues {
  /** The address asked for, which the mail goes to. */
  email: string
}

/**
 * Sent instead of the confirmation link when an email change asks for an address another account has (or keeps for
 * its undo link): the form answers as for a free address, so only the mailbox learns the address is in use. It names
 * neither account and carries no link: nothing here can move the address.
 */
export const emailChangeTakenMail = textMail<EmailChangeTakenValues>({
  name: 'emailChangeTaken',
  subject: /*i18n*/ { id: 'emailChangeTaken.subject', message: 'Someone tried to use this email for another {shop} account' },
  intro: [
    /*i18n*/ {
      id: 'emailChangeTaken.asked',
      message: 'Someone signed in to a {shop} account asked to change its email to {email}. This email is already in use at {shop}, so nothing changed.',
    },
    /*i18n*/ {
      id: 'emailChangeTaken.wasYou',
      message: 'If it was you, sign in with this email to reach the account that has it, or choose another address for the other account.',
    },
  ],
  outro: [/*i18n*/ { id: 'emailChangeTaken.notYou', message: 'If it was not you, there is nothing to do: this email stays where it is.' }],
})
