/**
 * The storefront's colours and focus ring (src/ui/theme.ts, src/domain/focusRing.ts), held here as values: importing
 * those modules would load the customer's first-paint chunk, and its code, into the staff app.
 * test/ui/staffTheme.test.ts keeps the two the same.
 */
export const staffTheme = {
  color: {
    // The reseller's theme colour, which the server writes into the back office's page too (server/brand/brandPage.ts).
    brand: 'var(--brand, #0b4f9c)',
    brandDark: 'var(--brand-dark, #083b75)',
    text: '#14213d',
    muted: '#44506a',
    surface: '#ffffff',
    page: '#f4f6fa',
    border: '#d5dbe6',
    success: '#176b35',
    error: '#b42318',
    focus: '#14213d',
    focusHalo: '#ffffff',
  },
  radius: '12px',
  shadow: '0 1px 2px rgba(20,33,61,.08), 0 4px 12px rgba(20,33,61,.06)',
  touch: '44px',
} as const

export const staffFocusRing = `outline: 3px solid ${staffTheme.color.focus}; outline-offset: 2px; box-shadow: 0 0 0 7px ${staffTheme.color.focusHalo};`
