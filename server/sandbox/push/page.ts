import type { I18n } from '@lingui/core'
import { focusRing } from '../../../src/domain/focusRing.ts'
import { intlLocale } from '../../../src/domain/languageCodes.ts'
import { escapeHtml } from '../../http/escapeHtml.ts'
import type { SandboxPushMessage, SandboxSubscription } from './store.ts'

const style = `
    body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #14213d; background: #f4f6fa; }
    main { max-width: 48rem; margin: 1.5rem auto; }
    h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 .75rem; } h2 { font-size: 1.25rem; margin: 1.5rem 0 .75rem; }
    h1, h2, h3, p { overflow-wrap: anywhere; }
    section { margin: 0 0 1rem; padding: 1rem 1.25rem; background: #fff; border: 1px solid #d5dbe6; border-radius: 8px; }
    article { border-top: 1px solid #d5dbe6; padding: .75rem 0 0; margin: .75rem 0 0; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: .125rem 1rem; margin: 0 0 .5rem; font-size: .875rem; color: #44506a; }
    dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
    pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font-size: .875rem; }
    a { color: #0b4f9c; } :focus-visible { ${focusRing} }
    .sandbox { font-size: .875rem; color: #44506a; }`

const at = (i18n: I18n, date: Date | string) =>
  new Intl.DateTimeFormat(intlLocale(i18n.locale), { dateStyle: 'long', timeStyle: 'medium', timeZone: 'Africa/Johannesburg' }).format(new Date(date))

/** The payload as received, indented when it is JSON (the Declarative Web Push message). */
function shown(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2)
  } catch {
    return payload
  }
}

function messageArticle(i18n: I18n, m: SandboxPushMessage): string {
  return `      <article>
        <dl>
          <dt>${escapeHtml(i18n._({ id: 'push.received', message: 'Received' }))}</dt><dd>${escapeHtml(at(i18n, m.receivedAt))}</dd>
          <dt>TTL</dt><dd>${escapeHtml(i18n._({ id: 'push.ttl', message: '{seconds} seconds', values: { seconds: m.ttl } }))}</dd>
          <dt>Urgency</dt><dd>${escapeHtml(m.urgency)}</dd>
          <dt>Topic</dt><dd>${escapeHtml(m.topic ?? '')}</dd>
        </dl>
        <pre>${escapeHtml(shown(m.payload))}</pre>
      </article>`
}

function subscriptionSection(i18n: I18n, s: SandboxSubscription, messages: SandboxPushMessage[]): string {
  const title = i18n._({ id: 'push.subscription', message: 'Subscription {id}', values: { id: s.id } })
  const state = s.removed ? i18n._({ id: 'push.removed', message: 'Unsubscribed: its endpoint answers 410.' }) : ''
  const list =
    messages.length === 0
      ? `      <p>${escapeHtml(i18n._({ id: 'push.noMessages', message: 'No notifications received yet.' }))}</p>`
      : messages.map((m) => messageArticle(i18n, m)).join('\n')
  return `    <section aria-labelledby="s${s.id}">
      <h2 id="s${s.id}">${escapeHtml(title)}</h2>
      <p>${escapeHtml(i18n._({ id: 'push.made', message: 'Made {date}', values: { date: at(i18n, s.createdAt) } }))} ${escapeHtml(state)}</p>
${list}
    </section>`
}

/** The tester's page: the newest subscriptions of the sandbox push service, each with the notifications it received, decrypted. */
export function sandboxPushPage(i18n: I18n, overview: Array<{ subscription: SandboxSubscription; messages: SandboxPushMessage[] }>): string {
  const title = i18n._({ id: 'push.pageTitle', message: 'Sandbox push service' })
  const body =
    overview.length === 0
      ? `    <p>${escapeHtml(i18n._({ id: 'push.none', message: 'No device has subscribed here yet.' }))}</p>`
      : overview.map(({ subscription, messages }) => subscriptionSection(i18n, subscription, messages)).join('\n')
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
    <h1>${escapeHtml(title)}</h1>
    <p>${escapeHtml(
      i18n._({
        id: 'push.intro',
        message:
          'A stand-in for the browsers’ push services: a test subscribes here instead, and every notification the storefront sends to it stays here, decrypted, newest first. Reload to see new ones.',
      }),
    )}</p>
${body}
    <p class="sandbox">${escapeHtml(i18n._({ id: 'push.sandbox', message: 'Sandbox push service: real devices get their notifications from their browser’s own push service.' }))}</p>
  </main>
</body>
</html>`
}
