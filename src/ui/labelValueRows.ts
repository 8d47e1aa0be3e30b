/**
 * For a label/value grid (a `dl` of dt/dd pairs): when the text is large for the box (a browser's larger text, a
 * 320 px phone), each label goes above its value instead of squeezing both into one row wider than the screen.
 * The width is counted in the list's own em, so it follows the text size.
 */
export const stackWhenNarrow = `
  container-type: inline-size;
  dt, dd { min-width: 0; overflow-wrap: anywhere; }
  @container (max-width: 17em) { dt, dd { grid-column: 1 / -1; } }
`
