import { textMail } from '../textMail.ts'

export interface SupportAcknowledgementValues {
  reference: string
}

/**
 * Sent to the address typed in the Contact Us form once the message is stored. That address is unproven (anyone can type
 * anyone's), so the mail greets without the typed name and never repeats the message: it carries nothing a stranger chose.
 */
export const supportAcknowledgementMail = textMail<SupportAcknowledgementValues>({
  name: 'supportAcknowledgement',
  subject: /*i18n*/ { id: 'supportAcknowledgement.subject', message: 'We have your message: reference {reference}' },
  intro: [
    /*i18n*/ {
      id: 'supportAcknowledgement.received',
      message: 'Thank you for contacting {shop}. Your message has reached our support team, who will answer you by email at this address.',
    },
    /*i18n*/ {
      id: 'supportAcknowledgement.reference',
      message: 'Your reference is {reference}. Please quote it whenever you contact us about the same question.',
    },
  ],
  outro: [/*i18n*/ { id: 'supportAcknowledgement.notYou', message: 'If you did not write to us, ignore this email.' }],
})
