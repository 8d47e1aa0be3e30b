import type { I18n } from '@lingui/core'
import { intlLocale } from '../../../src/domain/languageCodes.ts'
import { escapeHtml } from '../../http/escapeHtml.ts'
import { focusRing } from '../../../src/domain/focusRing.ts'
import type { StoredMail } from '../../mail/sandboxMailbox.ts'
import { linkified } from './linkify.ts'

const style = `
    body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #14213d; background: #f4f6fa; }
    main { max-width: 40rem; margin: 1.5rem auto; }
    h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 .75rem; overflow-wrap: break-word; } h2 { font-size: 1.25rem; margin: 1.5rem 0 .75rem; }
    h1, h2, h3, p { overflow-wrap: anywhere; }
    form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; }
    label { flex: 1 1 100%; font-weight: 600; }
    input { flex: 1 1 14rem; min-height: 44px; box-sizing: border-box; padding: .5rem; font: inherit; border: 1px solid #666; border-radius: 6px; }
    button { min-height: 44px; padding: .5rem 1rem; font: inherit; font-weight: 700; border-radius: 6px; border: 2px solid #0b4f9c; background: #0b4f9c; color: #fff; cursor: pointer; }
    :focus-visible { ${focusRing} }
    article { margin: 0 0 1rem; padding: 1rem 1.25rem; background: #fff; border: 1px solid #d5dbe6; border-radius: 8px; }
    article h3 { font-size: 1.1rem; margin: 0 0 .5rem; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: .125rem 1rem; margin: 0 0 .75rem; font-size: .875rem; color: #44506a; }
    dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
    .text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font: inherit; }
    a { color: #0b4f9c; }
    .sandbox { font-size: .875rem; color: #44506a; }`

const sentAt = (i18n: I18n, date: Date) =>
  new Intl.DateTimeFormat(intlLocale(i18n.locale), { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Johannesburg' }).format(date)

function mailArticle(i18n: I18n, mail: StoredMail): string {
  return `    <article>
      <h3>${escapeHtml(mail.subject)}</h3>
      <dl>
        <dt>${escapeHtml(i18n._({ id: 'mailbox.from', message: 'From' }))}</dt><dd>${escapeHtml(mail.from)}</dd>
        <dt>${escapeHtml(i18n._({ id: 'mailbox.to', message: 'To' }))}</dt><dd>${escapeHtml(mail.to)}</dd>
        ${mail.replyTo ? `<dt>${escapeHtml(i18n._({ id: 'mailbox.replyTo', message: 'Reply-To' }))}</dt><dd>${escapeHtml(mail.replyTo)}</dd>` : ''}
        <dt>${escapeHtml(i18n._({ id: 'mailbox.sent', message: 'Sent' }))}</dt><dd>${escapeHtml(sentAt(i18n, mail.sentAt))}</dd>
      </dl>
      <div class="text">${linkified(mail.text.trimEnd())}</div>
      <p><a href="/sandbox/mail/${mail.id}">${escapeHtml(i18n._({ id: 'mailbox.showHtml', message: 'Show as the HTML mail' }))}</a></p>
    </article>`
}

function mails(i18n: I18n, address: string, found: StoredMail[]): string {
  const heading = `    <h2>${escapeHtml(i18n._({ id: 'mailbox.mailsTo', message: 'Mails to {address}, newest first', values: { address } }))}</h2>`
  if (found.length === 0) return `    <h2>${escapeHtml(i18n._({ id: 'mailbox.none', message: 'No mails to {address} yet.', values: { address } }))}</h2>`
  return [heading, ...found.map((mail) => mailArticle(i18n, mail))].join('\n')
}

/** The sandbox mailbox: ask for an address, then read every mail the storefront sent to it. */
export function mailboxPage(i18n: I18n, address: string, found: StoredMail[]): string {
  return `<!doctype html>
<html lang="${i18n.locale}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(i18n._({ id: 'mailbox.pageTitle', message: 'Sandbox mailbox' }))}</title>
  <style>${style}
  </style>
</head>
<body>
  <main>
    <h1>${escapeHtml(i18n._({ id: 'mailbox.heading', message: 'Sandbox mailbox' }))}</h1>
    <p>${escapeHtml(i18n._({ id: 'mailbox.intro', message: 'No mail server is set up, so the mails the storefront sends stay here: nothing leaves this server. Type an address to read what was sent to it.' }))}</p>
    <form method="get" action="/sandbox/mail">
      <label for="address">${escapeHtml(i18n._({ id: 'mailbox.address', message: 'Email address' }))}</label>
      <input id="address" name="address" type="email" autocomplete="email" required value="${escapeHtml(address)}">
      <button type="submit">${escapeHtml(i18n._({ id: 'mailbox.open', message: 'Open mailbox' }))}</button>
    </form>
${address ? mails(i18n, address, found) : ''}
    <p class="sandbox">${escapeHtml(i18n._({ id: 'mailbox.sandbox', message: 'Sandbox mailbox: set SMTP_URL to send mails for real.' }))}</p>
  </main>
</body>
</html>`
}

/** A mail the mailbox no longer holds (swept after a week, or a made-up number). */
export function mailGonePage(i18n: I18n): string {
  const title = i18n._({ id: 'mailbox.goneTitle', message: 'Mail not found' })
  const advice = i18n._({ id: 'mailbox.gone', message: 'The sandbox mailbox does not hold this mail (mails are kept for a week).' })
  return `<!doctype html><html lang="${i18n.locale}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${style}</style><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(advice)}</p><p><a href="/sandbox/mail">${escapeHtml(i18n._({ id: 'mailbox.back', message: 'Back to the mailbox' }))}</a></p></main></html>`
}
