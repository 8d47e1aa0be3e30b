import { greeting } from '../greeting.ts'
import { shopName } from '../render.ts'
import type { MailTemplate } from '../template.ts'

export interface EmailRestoredNoticeValues {
  /** The address the account signs in with again. */
  email: string
}

/**
 * Sent to the address an undo replaced: the account went back to its previous address, through the link mailed
 * there, and this address no longer signs in to it. No name: this address may be the one who took the account.
 */
export const emailRestoredNoticeMail: MailTemplate<EmailRestoredNoticeValues> = {
  name: 'emailRestoredNotice',
  render: (i18n, { email }) => ({
    subject: i18n._({ id: 'emailRestoredNotice.subject', message: 'A {shop} account no longer uses this email', values: { shop: shopName } }),
    greeting: greeting(i18n, ''),
    intro: [
      i18n._({
        id: 'emailRestoredNotice.restored',
        message: 'A {shop} account that signed in with this address was put back to its previous email, {email}, by the link mailed there.',
        values: { email, shop: shopName },
      }),
      i18n._({
        id: 'emailRestoredNotice.effect',
        message: 'This address no longer signs in to it: every device was signed out and its password was ended.',
      }),
    ],
    outro: [i18n._({ id: 'emailRestoredNotice.noAction', message: 'If you did not expect this, there is nothing to do: no account of yours was changed.' })],
  }),
}
