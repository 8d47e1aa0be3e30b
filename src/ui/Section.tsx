import type { ElementType, ReactNode, Ref } from 'react'

export interface SectionProps {
  /** The heading's id, which names the region. */
  id: string
  title: ReactNode
  /** The region's element or styled frame (a card, a panel); a plain section by default. */
  frame?: ElementType
  /** The heading's element or styled heading; h2 by default. */
  heading?: ElementType
  /** A heading that focus is moved to (after an action the region answers); it becomes focusable by script only. */
  headingRef?: Ref<HTMLHeadingElement>
  children?: ReactNode
}

/** A region named by its own heading (aria-labelledby), so a screen reader lists it by the title it shows. */
export function Section({ id, title, frame: Frame = 'section', heading: Heading = 'h2', headingRef, children }: SectionProps) {
  return (
    <Frame aria-labelledby={id}>
      <Heading id={id} {...(headingRef && { ref: headingRef, tabIndex: -1 })}>
        {title}
      </Heading>
      {children}
    </Frame>
  )
}
