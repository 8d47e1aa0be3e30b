import { textMail } from '../textMail.ts'

export interface EmailChangeNoticeValues {
  firstName: string
  /** The address the account would move to. */
  email: string
  /** The link to /email_change/stop. */
  link: string
  /** How long the change waits for its confirmation (and this link works). */
  hours: number
}

/** Sent to the current address when someone asks to move the account to another: it can stop the change. */
export const emailChangeNoticeMail = textMail<EmailChangeNoticeValues>({
  name: 'emailChangeNotice',
  subject: /*i18n*/ { id: 'emailChangeNotice.subject', message: 'Someone asked to change the email of your {shop} account' },
  greets: 'firstName',
  intro: [
    /*i18n*/ {
      id: 'emailChangeNotice.asked',
      message: 'Someone signed in to your {shop} account asked to change its email to {email}. It changes only when the link sent there is followed.',
    },
    /*i18n*/ {
      id: 'emailChangeNotice.stop',
      message: 'If this was not you, stop the change with the link below (it works for {hours} hours), then change your password.',
    },
  ],
  action: { label: /*i18n*/ { id: 'emailChangeNotice.action', message: 'Stop this change' }, link: 'link' },
  outro: [/*i18n*/ { id: 'emailChangeNotice.wasYou', message: 'If it was you, there is nothing to do.' }],
})
