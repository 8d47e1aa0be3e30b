import { createElement } from 'react'
import { setup, styled, css, keyframes, glob } from 'goober'

// Style-only props start with `$` and are dropped before they reach the DOM.
setup(createElement, undefined, undefined, (props: object) => {
  const bag = props as Record<string, unknown>
  for (const key of Object.keys(bag)) if (key.startsWith('$')) delete bag[key]
})

export { styled, css, keyframes, glob }
