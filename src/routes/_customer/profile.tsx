import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { AddressSearch } from '../../features/address/AddressSearch.tsx'
import { PrivacySection } from '../../features/account/privacy/PrivacySection.tsx'
import { NotificationsSection } from '../../features/notifications/NotificationsSection.tsx'
import { ProfileView } from '../../features/account/profile/ProfileView.tsx'
import { useCustomer } from '../../lib/sessionStore.ts'

export const Route = createFileRoute('/_customer/profile')({ staticData: { title: msg`Profile` }, component: ProfilePage })

function ProfilePage() {
  const { customer, offline } = useCustomer()
  return (
    <>
      <ProfileView user={customer} offline={offline} search={(onPick) => <AddressSearch onPick={onPick} />} />
      <NotificationsSection offline={offline} />
      <PrivacySection customerId={customer.id} offline={offline} />
    </>
  )
}
