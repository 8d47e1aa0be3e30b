import type { Language } from '../../../src/domain/languageCodes.ts'
import { shopName } from '../render.ts'
import type { MailTemplate } from '../template.ts'

// Each language by its own name, as the language menu shows it.
const languageNames: Record<Language, string> = { en: 'English', xh: 'isiXhosa', af: 'Afrikaans' }

export interface SupportMessageValues {
  reference: string
  name: string
  email: string
  message: string
  /** The language the customer wrote from, so the team can answer in it. */
  language: Language
  /** The account that sent it, when signed in: its id and email, and whether that email is proven the holder's. */
  account: { id: number; email: string; proven: boolean } | undefined
  /** The thread in the back office: ${PUBLIC_URL}/staff/messages/<id>. */
  threadUrl: string
}

/**
 * The team's notice of a new Contact Us message at SUPPORT_EMAIL: it links the thread in the back office, and its
 * Reply-To is the customer, so answering by mail still reaches them.
 */
export const supportMessageMail: MailTemplate<SupportMessageValues> = {
  name: 'supportMessage',
  render: (i18n, { reference, name, email, message, language, account, threadUrl }) => ({
    subject: i18n._({ id: 'supportMessage.subject', message: '{reference}: a Contact Us message from {name}', values: { reference, name: name || email } }),
    greeting: i18n._({ id: 'supportMessage.greeting', message: 'Hello {shop} support,', values: { shop: shopName() } }),
    intro: [
      i18n._({
        id: 'supportMessage.from',
        message: '{name} ({email}) wrote in {language} with reference {reference}:',
        values: { name: name || '-', email, language: languageNames[language], reference },
      }),
      message,
    ],
    action: { label: i18n._({ id: 'supportMessage.open', message: 'Open the conversation' }), url: threadUrl },
    outro: [
      account === undefined
        ? i18n._({ id: 'supportMessage.signedOut', message: 'They were not signed in: the email address is as they typed it.' })
        : account.proven
          ? i18n._({
              id: 'supportMessage.signedInAs',
              message: 'They were signed in to customer account {customerId}, whose email is {accountEmail}.',
              values: { customerId: String(account.id), accountEmail: account.email },
            })
          : i18n._({
              id: 'supportMessage.signedInUnproven',
              message: 'They were signed in to customer account {customerId}, whose email {accountEmail} has not been confirmed: it may not be theirs.',
              values: { customerId: String(account.id), accountEmail: account.email },
            }),
      i18n._({
        id: 'supportMessage.reply',
        message: 'Reply to this email to answer them at that address, and keep the reference {reference} in the subject.',
        values: { reference },
      }),
    ],
  }),
}
