/** The focus ring's two tones: the dark one holds 3:1 on light backgrounds, the light one on the blue, red and dark ones. */
export const focusColors = { ring: '#14213d', halo: '#ffffff' } as const

/**
 * The one focus indicator (CSS declarations for :focus-visible), on the app's pages and the sandboxes' alike: a dark
 * ring between two light halos, so the ring holds 3:1 against any background used, light or dark, and stands apart
 * from a blue or red button.
 */
export const focusRing = `outline: 3px solid ${focusColors.ring}; outline-offset: 2px; box-shadow: 0 0 0 7px ${focusColors.halo};`
