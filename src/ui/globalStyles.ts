import { glob } from './styled.ts'
import { focusRing } from '../domain/focusRing.ts'

/**
 * The rules every element of the app follows, written once: the focus ring (keyboard focus only), room under the sticky
 * header for what the focus scrolls to and, for a customer
 * who asked the system for less motion, no animation or transition (spinners stand still, toasts and banners appear).
 */
glob`
  :focus-visible { ${focusRing} }
  html { scroll-padding-top: 96px; }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after {
      animation-duration: 1ms !important; animation-iteration-count: 1 !important; animation-delay: 0s !important;
      transition-duration: 0s !important; transition-delay: 0s !important; scroll-behavior: auto !important;
    }
  }
`
