import { type ReactNode, useEffect, useRef } from 'react'
import { useLingui } from '@lingui/react/macro'
import { useBrand } from '../../lib/brand.ts'
import { ScreenHeading } from './parts.tsx'

let focusNextHeading = false

/** Called by the router before each navigation after the first: the next screen's heading takes the focus. */
export function headingTakesFocus(): void {
  focusNextHeading = true
}

/**
 * A screen's one h1 and the page's title. After a navigation it takes the focus, so a screen reader announces the
 * new screen and Tab goes on from its top; the first screen of a visit leaves the focus where the browser put it.
 */
export function ScreenTitle({ children, title }: { children: ReactNode; title: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  const { t } = useLingui()
  const shop = useBrand().name
  const backOffice = t`${shop} back office`
  useEffect(() => {
    document.title = `${title} · ${backOffice}`
    if (focusNextHeading) {
      focusNextHeading = false
      heading.current?.focus()
    }
  }, [title, backOffice])
  return (
    <ScreenHeading ref={heading} tabIndex={-1}>
      {children}
    </ScreenHeading>
  )
}
