import type { ReactNode } from 'react'
import { styled } from './styled.ts'
import { theme } from './theme.ts'

export const Heading = styled('h1')`
  margin: 8px 0 16px; font-size: 26px; line-height: 1.2; color: ${theme.color.text};
`

export const Card = styled('section')`
  background: ${theme.color.surface}; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius};
  box-shadow: ${theme.shadow}; padding: 16px;
`

export const Muted = styled('p')`
  color: ${theme.color.muted}; margin: 0;
`

/** A titled page body. */
export function Page({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <>
      <Heading>{title}</Heading>
      {children}
    </>
  )
}

/** A short body for a screen whose full version a later release brings. */
export function Placeholder({ title, body }: { title: ReactNode; body: ReactNode }) {
  return (
    <Page title={title}>
      <Muted>{body}</Muted>
    </Page>
  )
}
