import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AddressSearch } from '../../features/address/AddressSearch.tsx'
import { PrivacySection } from '../../features/account/privacy/PrivacySection.tsx'
import { ProfileView } from '../../features/account/profile/ProfileView.tsx'
import { useSession } from '../../lib/sessionStore.ts'
import { Spinner } from '../../ui/Spinner.tsx'

export const Route = createFileRoute('/_customer/profile')({ staticData: { title: msg`Profile` }, component: ProfilePage })

function ProfilePage() {
  const session = useSession()
  // The guard let only customers in; a logout while here shows the spinner until the guard redirects.
  if (session.status !== 'customer') return <Spinner />
  return (
    <>
      <ProfileView user={session.customer} offline={session.offline} search={(onPick) => <AddressSearch onPick={onPick} />} />
      <PrivacySection customerId={session.customer.id} offline={session.offline} />
    </>
  )
}
