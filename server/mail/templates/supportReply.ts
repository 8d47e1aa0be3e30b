import { greeting } from '../greeting.ts'
import type { MailTemplate } from '../template.ts'

export interface SupportReplyValues {
  reference: string
  /** The name the customer gave in their message, to greet them with. */
  name: string
  /** The support team's reply as the member wrote it. */
  body: string
  /** The customer's support page, where the conversation is and where they answer. */
  link: string
}

/** A staff member's reply to a support conversation, in the customer's language, threaded under their message. */
export const supportReplyMail: MailTemplate<SupportReplyValues> = {
  name: 'supportReply',
  render: (i18n, { reference, name, body, link }) => ({
    subject: i18n._({ id: 'supportReply.subject', message: 'Re: your message {reference}', values: { reference } }),
    greeting: greeting(i18n, name),
    intro: [i18n._({ id: 'supportReply.intro', message: 'Our support team answered your message {reference}:', values: { reference } }), body],
    action: { label: i18n._({ id: 'supportReply.action', message: 'See the conversation' }), url: link },
    outro: [
      i18n._({
        id: 'supportReply.answer',
        message: 'To answer, write on your support page, or reply to this email and keep the reference {reference} in the subject.',
        values: { reference },
      }),
    ],
  }),
}
