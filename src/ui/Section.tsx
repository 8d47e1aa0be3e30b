import type { ElementType, ReactNode } from 'react'

export interface SectionProps {
  /** The heading's id, which names the region. */
  id: string
  title: ReactNode
  /** The region's element or styled frame (a card, a panel); a plain section by default. */
  frame?: ElementType
  /** The heading's element or styled heading; h2 by default. */
  heading?: ElementType
  children?: ReactNode
}

/** A region named by its own heading (aria-labelledby), so a screen reader lists it by the title it shows. */
export function Section({ id, title, frame: Frame = 'section', heading: Heading = 'h2', children }: SectionProps) {
  return (
    <Frame aria-labelledby={id}>
      <Heading id={id}>{title}</Heading>
      {children}
    </Frame>
  )
}
