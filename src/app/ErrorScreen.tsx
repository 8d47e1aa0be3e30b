import { useEffect } from 'react'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { reportError, requestIdOf } from '../reportError.ts'
import { Button, ButtonLink } from '../ui/Button.tsx'
import { Muted, Page } from '../ui/Page.tsx'
import { styled } from '../ui/styled.ts'

// A request id has no spaces: it breaks anywhere rather than widen a phone's screen.
const Reference = styled('code')`
  overflow-wrap: anywhere;
`

const Actions = styled('div')`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 16px;
`

/**
 * The router's screen for a page that failed (its code threw, or an API call it could not do without failed):
 * a friendly word, a way to try again, and the request id the customer can quote to support. It is in the main
 * chunk and reads nothing, so it shows offline too.
 */
export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const requestId = requestIdOf(error)
  useEffect(() => {
    reportError(error, 'route', 'route')
  }, [error])
  const tryAgain = () => {
    reset()
    void router.invalidate()
  }
  return (
    <Page title={<Trans>Something went wrong</Trans>}>
      <Muted role="alert">
        <Trans>Sorry, this page could not be shown. Please try again.</Trans>
      </Muted>
      {requestId && (
        <Muted>
          <Trans>
            If it keeps happening, contact us and quote this reference: <Reference data-testid="request-id">{requestId}</Reference>
          </Trans>
        </Muted>
      )}
      <Actions>
        <Button type="button" onClick={tryAgain}>
          <Trans>Try again</Trans>
        </Button>
        <ButtonLink to="/" $variant="secondary">
          <Trans>continue shopping</Trans>
        </ButtonLink>
      </Actions>
    </Page>
  )
}
