import { useLingui } from '@lingui/react/macro'
import { StaffApiError } from '../api/client.ts'
import { StepUpCancelled } from '../stepUp.ts'

/**
 * What went wrong, in the member's language: no answer, the session gone, a role without the right, a conflict; the
 * server's own words (English) follow where they name what to fix in the form.
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useLingui()
  return (error) => {
    if (error instanceof StepUpCancelled) return t`The passkey check was cancelled, so nothing was changed.`
    if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
      return t`The passkey was not used. Try again when you are ready.`
    if (!(error instanceof StaffApiError) || error.status === undefined) return t`The server did not answer. Check the connection and try again.`
    if (error.status === 401) return t`Your session has ended. Sign in again to carry on.`
    if (error.status === 403) return t`Your role does not allow this.`
    if (error.status === 404) return t`That was not found. It may have been removed.`
    if (error.status >= 500) return t`Something went wrong on the server. Try again in a moment.`
    return t`That could not be done: ${error.message}`
  }
}
