/** Colours chosen for AA contrast on white (text >= 4.5:1), spacing and radii used across the app. */
export const theme = {
  color: {
    brand: '#0b4f9c',
    brandDark: '#083b75',
    accent: '#f5b700',
    text: '#14213d',
    muted: '#44506a',
    surface: '#ffffff',
    page: '#f4f6fa',
    border: '#d5dbe6',
    success: '#176b35',
    error: '#b42318',
    info: '#0b4f9c',
    // The focus ring's two tones: the dark one holds 3:1 on light backgrounds, the light one on the blue, red and dark ones.
    focus: '#14213d',
    focusHalo: '#ffffff',
  },
  radius: '12px',
  shadow: '0 1px 2px rgba(20,33,61,.08), 0 4px 12px rgba(20,33,61,.06)',
  touch: '44px',
  maxWidth: '1120px',
} as const

/**
 * The one focus indicator (CSS declarations for :focus-visible): a dark ring between two light halos, so the ring
 * holds 3:1 against any background the app uses, light or dark, and stands apart from a blue or red button.
 */
export const focusRing = `outline: 3px solid ${theme.color.focus}; outline-offset: 2px; box-shadow: 0 0 0 7px ${theme.color.focusHalo};`
