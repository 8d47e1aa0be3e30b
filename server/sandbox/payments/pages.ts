import type { I18n } from '@lingui/core'
import { escapeHtml } from '../../http/escapeHtml.ts'
import { focusRing } from '../../../src/domain/focusRing.ts'

const style = `
    body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #14213d; background: #f4f6fa; }
    main { max-width: 28rem; margin: 1.5rem auto; padding: 1.25rem; background: #fff; border: 1px solid #d5dbe6; border-radius: 8px; }
    h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 .75rem; overflow-wrap: break-word; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 1rem 0; }
    dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
    .actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.25rem; }
    button { flex: 1 1 8rem; min-height: 44px; padding: .6rem 1rem; font: inherit; font-weight: 700; border-radius: 6px; border: 2px solid #0b4f9c; background: #0b4f9c; color: #fff; cursor: pointer; }
    button.secondary { background: #fff; color: #0b4f9c; }
    :focus-visible { ${focusRing} }
    .sandbox { font-size: .875rem; color: #44506a; }`

function page(i18n: I18n, title: string, body: string): string {
  return `<!doctype html>
<html lang="${i18n.locale}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>${style}
  </style>
</head>
<body>
  <main>
${body}
  </main>
</body>
</html>`
}

export interface ChallengeInput {
  amount: string
  currency: string
  brand: string
  last4: string
  merchantTransactionId: string
}

/** The sandbox bank's 3-D Secure challenge, in the shopper's language; the form posts to the page's own URL. */
export function challengePage(i18n: I18n, c: ChallengeInput): string {
  return page(
    i18n,
    i18n._({ id: 'secure.pageTitle', message: '3-D Secure verification (sandbox)' }),
    `    <h1>${escapeHtml(i18n._({ id: 'secure.heading', message: '3-D Secure verification' }))}</h1>
    <p>${escapeHtml(i18n._({ id: 'secure.intro', message: "This is the sandbox bank's challenge: no real bank or card is involved. Approve to authenticate the payment, or decline to fail it." }))}</p>
    <dl>
      <dt>${escapeHtml(i18n._({ id: 'secure.amount', message: 'Amount' }))}</dt><dd>${escapeHtml(`${c.currency} ${c.amount}`)}</dd>
      <dt>${escapeHtml(i18n._({ id: 'secure.card', message: 'Card' }))}</dt><dd>${escapeHtml(c.brand)} •••• ${escapeHtml(c.last4)}</dd>
      <dt>${escapeHtml(i18n._({ id: 'secure.reference', message: 'Reference' }))}</dt><dd>${escapeHtml(c.merchantTransactionId)}</dd>
    </dl>
    <form method="post">
      <div class="actions">
        <button type="submit" name="decision" value="approve">${escapeHtml(i18n._({ id: 'secure.approve', message: 'Approve' }))}</button>
        <button type="submit" name="decision" value="decline" class="secondary">${escapeHtml(i18n._({ id: 'secure.decline', message: 'Decline' }))}</button>
      </div>
    </form>
    <p class="sandbox">${escapeHtml(i18n._({ id: 'secure.provider', message: 'Sandbox payment provider' }))}</p>`,
  )
}

/** The challenge of a payment the sandbox no longer knows. */
export function expiredChallengePage(i18n: I18n): string {
  return messagePage(
    i18n,
    i18n._({ id: 'secure.expiredTitle', message: 'Verification expired' }),
    i18n._({ id: 'secure.expired', message: 'This payment session has expired. Please start again.' }),
  )
}

/** A challenge answered with neither button (a hand-made request). */
export function noDecisionPage(i18n: I18n): string {
  return messagePage(
    i18n,
    i18n._({ id: 'secure.noDecisionTitle', message: 'Choose Approve or Decline' }),
    i18n._({ id: 'secure.noDecision', message: 'Go back and choose Approve or Decline.' }),
  )
}

function messagePage(i18n: I18n, title: string, message: string): string {
  return page(i18n, title, `    <h1>${escapeHtml(title)}</h1>\n    <p>${escapeHtml(message)}</p>`)
}
