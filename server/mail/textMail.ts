import type { I18n, MessageDescriptor } from '@lingui/core'
import { greeting } from './greeting.ts'
import { shopName } from './render.ts'
import type { MailTemplate } from './template.ts'

/** The keys of Values whose value is a string: the first name to greet with, the link of the button. */
type StringKey<Values> = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values]
/** A text of the mail: a catalogue descriptor, or the one of several a value chooses. */
type Text<Values> = MessageDescriptor | ((values: Values) => MessageDescriptor)

/**
 * A mail told as its texts in the order they stand: each is rendered with the mail's placeholders (its values, or what
 * `placeholders` makes of them) and `{shop}`, the shop's name.
 */
export interface TextMail<Values> {
  name: string
  subject: Text<Values>
  /** The value holding the first name the greeting names; none: "Hello,", for a mail to an address not proven the customer's (server/mail/greeting.ts). */
  greets?: StringKey<Values>
  intro: Text<Values>[]
  /** The button: its label, and the value holding its link. */
  action?: { label: Text<Values>; link: StringKey<Values> }
  outro: Text<Values>[]
  /** The placeholders the texts name, written in the mail's language; by default the values as they are. */
  placeholders?: (values: Values, i18n: I18n) => Record<string, string | number>
}

/** The template of a mail told as texts. */
export function textMail<Values extends object>(mail: TextMail<Values>): MailTemplate<Values> {
  return {
    name: mail.name,
    render: (i18n, values) => {
      const placeholders = { ...(mail.placeholders?.(values, i18n) ?? values), shop: shopName() }
      const text = (t: Text<Values>) => i18n._({ ...(typeof t === 'function' ? t(values) : t), values: placeholders })
      const stringOf = (key: StringKey<Values>) => values[key] as string
      return {
        subject: text(mail.subject),
        greeting: greeting(i18n, mail.greets === undefined ? '' : stringOf(mail.greets)),
        intro: mail.intro.map(text),
        ...(mail.action && { action: { label: text(mail.action.label), url: stringOf(mail.action.link) } }),
        outro: mail.outro.map(text),
      }
    },
  }
}
