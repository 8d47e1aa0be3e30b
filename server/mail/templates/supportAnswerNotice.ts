import { shopName } from '../render.ts'
import type { MailTemplate } from '../template.ts'

export interface SupportAnswerNoticeValues {
  reference: string
  name: string
  /** The customer's answer as they wrote it. */
  body: string
  /** The thread in the back office: ${PUBLIC_URL}/staff/messages/<id>. */
  threadUrl: string
}

/** The team's notice, at SUPPORT_EMAIL, that a customer answered on their support page: the thread is open again. */
export const supportAnswerNoticeMail: MailTemplate<SupportAnswerNoticeValues> = {
  name: 'supportAnswerNotice',
  render: (i18n, { reference, name, body, threadUrl }) => ({
    subject: i18n._({ id: 'supportAnswerNotice.subject', message: 'Re: {reference}: {name} answered', values: { reference, name: name || '-' } }),
    greeting: i18n._({ id: 'supportMessage.greeting', message: 'Hello {shop} support,', values: { shop: shopName() } }),
    intro: [
      i18n._({ id: 'supportAnswerNotice.intro', message: '{name} answered on {reference}, which is open again:', values: { reference, name: name || '-' } }),
      body,
    ],
    action: { label: i18n._({ id: 'supportMessage.open', message: 'Open the conversation' }), url: threadUrl },
    outro: [],
  }),
}
