import { Trans } from '@lingui/react/macro'
import { Muted } from '../../ui/Page.tsx'
import type { PortalFailure } from './usePortal.ts'

/** Nothing on the device and no answer from the server: refused (not this customer's, or gone) or offline on a first visit. */
export function NotLoaded({ why }: { why: PortalFailure['failed'] }) {
  return (
    <Muted role="alert">
      {why === 'refused' ? <Trans>This could not be found.</Trans> : <Trans>This could not be loaded. Check your connection and try again.</Trans>}
    </Muted>
  )
}
