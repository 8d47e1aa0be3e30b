import { usePwa } from '../../../pwa/state.ts'
import { DataDownload } from './DataDownload.tsx'
import { DeleteAccount } from './DeleteAccount.tsx'
import { PrivacyColumns } from './privacyStyles.ts'

/** The end of /profile: the customer's own data (POPIA), to download or to delete with the account. */
export function PrivacySection({ customerId, offline }: { customerId: number; offline: boolean }) {
  // Shown from the device's memory, or the browser says the network is gone: both need the server.
  const { online } = usePwa()
  const needsConnection = offline || !online
  return (
    <PrivacyColumns>
      <DataDownload offline={needsConnection} />
      <DeleteAccount customerId={customerId} offline={needsConnection} />
    </PrivacyColumns>
  )
}
