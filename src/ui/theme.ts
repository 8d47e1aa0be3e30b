import { focusColors } from '../domain/focusRing.ts'

/** The theme colour's shades where a page carries none (the server writes the reseller's into each page it serves). */
export const defaultThemeColours = { brand: '#0b4f9c', brandDark: '#083b75' } as const

/** Colours chosen for AA contrast on white (text >= 4.5:1), spacing and radii used across the app. */
export const theme = {
  color: {
    // The reseller's theme colour and its darker shade, which the server writes into each page (--brand, --brand-dark).
    brand: `var(--brand, ${defaultThemeColours.brand})`,
    brandDark: `var(--brand-dark, ${defaultThemeColours.brandDark})`,
    accent: '#f5b700',
    text: '#14213d',
    muted: '#44506a',
    surface: '#ffffff',
    page: '#f4f6fa',
    border: '#d5dbe6',
    success: '#176b35',
    error: '#b42318',
    info: '#0b4f9c',
    focus: focusColors.ring,
    focusHalo: focusColors.halo,
  },
  radius: '12px',
  shadow: '0 1px 2px rgba(20,33,61,.08), 0 4px 12px rgba(20,33,61,.06)',
  touch: '44px',
  maxWidth: '1120px',
} as const
