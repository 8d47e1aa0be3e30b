import type { I18n } from '@lingui/core'
import { escapeHtml } from '../../http/escapeHtml.ts'
import { focusRing } from '../../../src/domain/focusRing.ts'
import { sandboxIdentities } from './identities.ts'

export const providerLabel = { google: 'Google', facebook: 'Facebook', twitter: 'Twitter' } as const

export interface PageInput {
  /** The sandbox's messages in the shopper's language (server/sandbox/i18n.ts). */
  i18n: I18n
  provider: keyof typeof providerLabel
  action: string
  error?: string
  email?: string
  name?: string
  /** The "verified" box of the typed identity; ticked unless the tester unticks it. */
  emailVerified?: boolean
}

/** The policy of every sandbox sign-in page: inline style only, forms post back here, never framed. */
export const pagePolicy = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

/** The sandbox issuer's sign-in page: pick a listed tester, or type an email and display name, then Continue. */
export function signInPage({ i18n, provider, action, error, email = '', name = '', emailVerified = true }: PageInput): string {
  const label = providerLabel[provider]
  const picks = sandboxIdentities
    .map((id, i) => {
      const pick = i18n._({ id: 'identity.continueAs', message: 'Continue as {name}', values: { name: id.name } })
      return `<li><button type="submit" name="identity" value="${i}">${escapeHtml(pick)}</button> <span>${escapeHtml(id.email)}</span></li>`
    })
    .join('\n        ')
  return `<!doctype html>
<html lang="${i18n.locale}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(i18n._({ id: 'identity.pageTitle', message: 'Sign in with {provider} (sandbox)', values: { provider: label } }))}</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #1a1a1a; }
    main { max-width: 28rem; margin: 2rem auto; }
    label { display: block; margin-top: 1rem; font-weight: 600; }
    input { width: 100%; box-sizing: border-box; padding: .6rem; font: inherit; border: 1px solid #666; border-radius: 4px; }
    label.check { font-weight: 400; } label.check input { width: auto; margin: 0 .5rem 0 0; }
    button { padding: .6rem 1rem; font: inherit; border-radius: 4px; border: 1px solid #1a4fa0; background: #1a4fa0; color: #fff; cursor: pointer; }
    button.secondary { background: #fff; color: #1a4fa0; }
    ul { list-style: none; padding: 0; } li { margin: .5rem 0; }
    [role=alert] { color: #a00; font-weight: 600; }
    .actions { display: flex; gap: .5rem; margin-top: 1.5rem; }
    :focus-visible { ${focusRing} }
  </style>
</head>
<body>
  <main>
    <h1>${escapeHtml(i18n._({ id: 'identity.heading', message: 'Sign in with {provider}', values: { provider: label } }))}</h1>
    <p>${escapeHtml(i18n._({ id: 'identity.intro', message: 'This is the {provider} sandbox: no real {provider} account is used. Choose a tester or type an identity.', values: { provider: label } }))}</p>
    ${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="${escapeHtml(action)}">
      <h2>${escapeHtml(i18n._({ id: 'identity.testers', message: 'Testers' }))}</h2>
      <ul>
        ${picks}
      </ul>
    </form>
    <form method="post" action="${escapeHtml(action)}">
      <h2>${escapeHtml(i18n._({ id: 'identity.another', message: 'Another identity' }))}</h2>
      <label for="email">${escapeHtml(i18n._({ id: 'identity.email', message: 'Email' }))}</label>
      <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}">
      <label for="name">${escapeHtml(i18n._({ id: 'identity.displayName', message: 'Display name' }))}</label>
      <input id="name" name="name" type="text" autocomplete="name" required value="${escapeHtml(name)}">
      ${provider === 'twitter' ? `<p>${escapeHtml(i18n._({ id: 'identity.noEmailShared', message: 'Like the real {provider}, this sandbox shares no email with the storefront: the email only tells identities apart.', values: { provider: label } }))}</p>` : `<label class="check"><input name="email_verified" type="checkbox" value="true"${emailVerified ? ' checked' : ''}> ${escapeHtml(i18n._({ id: 'identity.emailVerified', message: '{provider} has verified this email', values: { provider: label } }))}</label>`}
      <div class="actions">
        <button type="submit">${escapeHtml(i18n._({ id: 'identity.continue', message: 'Continue' }))}</button>
        <button type="submit" name="cancel" value="1" class="secondary" formnovalidate>${escapeHtml(i18n._({ id: 'identity.cancel', message: 'Cancel' }))}</button>
      </div>
    </form>
  </main>
</body>
</html>`
}

/** The page for a sign-in the sandbox no longer knows (expired, or opened twice). */
export function expiredPage(i18n: I18n): string {
  const title = i18n._({ id: 'identity.expiredTitle', message: 'Sandbox sign-in expired' })
  const heading = i18n._({ id: 'identity.expiredHeading', message: 'This sign-in has expired' })
  const advice = i18n._({ id: 'identity.expiredAdvice', message: 'Go back to the storefront and start again.' })
  return `<!doctype html><html lang="${i18n.locale}"><meta charset="utf-8"><title>${escapeHtml(title)}</title><main><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(advice)}</p></main></html>`
}
