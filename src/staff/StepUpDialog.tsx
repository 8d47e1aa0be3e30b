import { Trans } from '@lingui/react/macro'
import { useState, useSyncExternalStore } from 'react'
import { confirmWithPasskey, onStepUpRequest, stepUpRequest } from './stepUp.ts'
import { Dialog } from './ui/Dialog.tsx'
import { useErrorText } from './ui/errorText.ts'
import { Button, Notice } from './ui/parts.tsx'

/** Asks for the passkey check a refund or a role change needs (src/staff/stepUp.ts). */
export function StepUpDialog() {
  const request = useSyncExternalStore(onStepUpRequest, stepUpRequest)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>()
  const errorText = useErrorText()
  if (!request) return null
  return (
    <Dialog
      title={<Trans>Confirm it is you</Trans>}
      onCancel={() => {
        setError(undefined)
        request.cancelled()
      }}
    >
      <p>
        <Trans>This change needs a fresh check with your passkey. Your browser or phone will ask for it; then the change is made.</Trans>
      </p>
      {error !== undefined && <Notice tone="error">{errorText(error)}</Notice>}
      <div className="actions">
        <Button
          type="button"
          disabled={busy}
          onClick={() => {
            setBusy(true)
            setError(undefined)
            confirmWithPasskey().then(
              () => {
                setBusy(false)
                request.confirmed()
              },
              (failed: unknown) => {
                setBusy(false)
                setError(failed)
              },
            )
          }}
        >
          <Trans>Use my passkey</Trans>
        </Button>
        <Button
          type="button"
          $variant="secondary"
          onClick={() => {
            setError(undefined)
            request.cancelled()
          }}
        >
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </Dialog>
  )
}
