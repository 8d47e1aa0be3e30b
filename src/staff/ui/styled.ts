import { createElement } from 'react'
import { css, glob, setup, styled } from 'goober'
import { staffFocusRing, staffTheme } from './theme.ts'

// As the storefront's (src/ui/styled.ts): style-only props start with `$` and never reach the DOM.
setup(createElement, undefined, undefined, (props: object) => {
  const bag = props as Record<string, unknown>
  for (const key of Object.keys(bag)) if (key.startsWith('$')) delete bag[key]
})

glob`
  :focus-visible { ${staffFocusRing} }
  a { color: ${staffTheme.color.brand}; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 1ms !important; transition-duration: 0s !important; }
  }
`

export { css, styled }
