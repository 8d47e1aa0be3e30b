import { sandboxIdentities } from './identities.ts'

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch)

export const providerLabel = { google: 'Google', facebook: 'Facebook', twitter: 'Twitter' } as const

export interface PageInput {
  provider: keyof typeof providerLabel
  action: string
  error?: string
  email?: string
  name?: string
}

/** The policy of every sandbox sign-in page: inline style only, forms post back here, never framed. */
export const pagePolicy = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

/** The sandbox issuer's sign-in page: pick a listed tester, or type an email and display name, then Continue. */
export function signInPage({ provider, action, error, email = '', name = '' }: PageInput): string {
  const label = providerLabel[provider]
  const picks = sandboxIdentities
    .map((id, i) => `<li><button type="submit" name="identity" value="${i}">Continue as ${escapeHtml(id.name)}</button> <span>${escapeHtml(id.email)}</span></li>`)
    .join('\n        ')
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign in with ${label} (sandbox)</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1rem; color: #1a1a1a; }
    main { max-width: 28rem; margin: 2rem auto; }
    label { display: block; margin-top: 1rem; font-weight: 600; }
    input { width: 100%; box-sizing: border-box; padding: .6rem; font: inherit; border: 1px solid #666; border-radius: 4px; }
    button { padding: .6rem 1rem; font: inherit; border-radius: 4px; border: 1px solid #1a4fa0; background: #1a4fa0; color: #fff; cursor: pointer; }
    button.secondary { background: #fff; color: #1a4fa0; }
    ul { list-style: none; padding: 0; } li { margin: .5rem 0; }
    [role=alert] { color: #a00; font-weight: 600; }
    .actions { display: flex; gap: .5rem; margin-top: 1.5rem; }
  </style>
</head>
<body>
  <main>
    <h1>Sign in with ${label}</h1>
    <p>This is the ${label} sandbox: no real ${label} account is used. Choose a tester or type an identity.</p>
    ${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="${escapeHtml(action)}">
      <h2>Testers</h2>
      <ul>
        ${picks}
      </ul>
    </form>
    <form method="post" action="${escapeHtml(action)}">
      <h2>Another identity</h2>
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}">
      <label for="name">Display name</label>
      <input id="name" name="name" type="text" autocomplete="name" required value="${escapeHtml(name)}">
      <div class="actions">
        <button type="submit">Continue</button>
        <button type="submit" name="cancel" value="1" class="secondary" formnovalidate>Cancel</button>
      </div>
    </form>
  </main>
</body>
</html>`
}
