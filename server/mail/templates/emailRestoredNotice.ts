import { textMail } from '../textMail.ts'

export interface EmailRestoredNoticeValues {
  /** The address the account signs in with again. */
  email: string
}

/**
 * Sent to the address an undo replaced: the account went back to its previous address, through the link mailed
 * there, and this address no longer signs in to it. No name: this address may be the one who took the account.
 */
export const emailRestoredNoticeMail = textMail<EmailRestoredNoticeValues>({
  name: 'emailRestoredNotice',
  subject: /*i18n*/ { id: 'emailRestoredNotice.subject', message: 'A {shop} account no longer uses this email' },
  intro: [
    /*i18n*/ {
      id: 'emailRestoredNotice.restored',
      message: 'A {shop} account that signed in with this address was put back to its previous email, {email}, by the link mailed there.',
    },
    /*i18n*/ {
      id: 'emailRestoredNotice.effect',
      message: 'This address no longer signs in to it: every device was signed out and its password was ended.',
    },
  ],
  outro: [/*i18n*/ { id: 'emailRestoredNotice.noAction', message: 'If you did not expect this, there is nothing to do: no account of yours was changed.' }],
})
