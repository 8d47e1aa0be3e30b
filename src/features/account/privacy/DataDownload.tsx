import { useId, useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { fetchCustomerData } from '../../../api/accountData.ts'
import { ApiError } from '../../../api/client.ts'
import { dataFileName } from '../../../domain/customerDataFile.ts'
import { toast } from '../../../lib/toaster.ts'
import { useInlineError } from '../../../ui/forms/useInlineError.ts'
import { FormError } from '../../../ui/forms/FormError.tsx'
import { translateMessage } from '../../../lib/validationMessages.ts'
import { Button } from '../../../ui/Button.tsx'
import { Card } from '../../../ui/Page.tsx'
import { Notice } from './privacyStyles.ts'
import { saveJsonFile } from './saveFile.ts'
import { Section } from '../../../ui/Section.tsx'

/** "Download my data": a JSON file of everything the server holds on the customer, made by the server on request. */
export function DataDownload({ offline }: { offline: boolean }) {
  const [busy, setBusy] = useState(false)
  const { t, i18n } = useLingui()
  const heading = useId()
  const failure = useInlineError()

  const download = async () => {
    setBusy(true)
    failure.clear()
    try {
      saveJsonFile(dataFileName(new Date()), await fetchCustomerData())
      toast.success(t`Your data file is downloading.`, 4000)
    } catch (error) {
      // The server's own refusal (a session that ended) in the customer's words; no answer is the connection's fault.
      if (error instanceof ApiError && error.status !== undefined) failure.fail(translateMessage(i18n, error.message))
      else failure.fail(t`Your data could not be downloaded. Check your connection and try again.`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Section id={heading} frame={Card} title={<Trans>Your data</Trans>}>
      <p>
        <Trans>
          Download a copy of everything we hold about you: your profile and addresses, orders, payments (never card numbers), SIM services, support messages and
          the devices you are signed in on.
        </Trans>
      </p>
      {offline && (
        <Notice role="status">
          <Trans>Downloading your data needs a connection. Try again when you are back online.</Trans>
        </Notice>
      )}
      <FormError message={failure.error} announced />
      <Button type="button" $variant="secondary" disabled={offline || busy} onClick={() => void download()}>
        {busy ? <Trans>Preparing your file…</Trans> : <Trans>Download my data</Trans>}
      </Button>
    </Section>
  )
}
