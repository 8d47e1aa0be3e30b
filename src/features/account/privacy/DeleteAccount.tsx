import { useId, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { Card } from '../../../ui/Page.tsx'
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx'
import { DangerOutlineButton } from './privacyStyles.ts'
import { Section } from '../../../ui/Section.tsx'

/** "Delete my account": opens the confirmation, which says what happens before anything does. */
export function DeleteAccount({ customerId, offline }: { customerId: number; offline: boolean }) {
  const [confirming, setConfirming] = useState(false)
  const heading = useId()
  return (
    <Section id={heading} frame={Card} title={<Trans>Delete account</Trans>}>
      <p>
        <Trans>
          Close your account and remove your personal data. Orders and payments are kept for the business, no longer linked to you. You confirm with your
          password.
        </Trans>
      </p>
      <DangerOutlineButton type="button" onClick={() => setConfirming(true)}>
        <Trans>Delete my account</Trans>
      </DangerOutlineButton>
      {confirming && <DeleteAccountDialog customerId={customerId} offline={offline} onClose={() => setConfirming(false)} />}
    </Section>
  )
}
