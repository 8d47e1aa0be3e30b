import { Trans, useLingui } from '@lingui/react/macro'
import type { User } from '../../domain/account.ts'
import { Button } from '../../ui/Button.tsx'
import { Card, Muted, Page } from '../../ui/Page.tsx'
import { styled } from '../../ui/styled.ts'
import { ChangePasswordCard } from './ChangePasswordCard.tsx'
import { Detail, DetailList } from './DetailList.tsx'

const Columns = styled('div')`
  display: grid; gap: 16px; align-items: start;
  @media (min-width: 800px) { grid-template-columns: 1fr 1fr; }
  h2 { margin: 0 0 12px; font-size: 18px; }
`

/** /profile: personal information and the first address; updating is not offered yet. */
export function ProfileView({ user, offline }: { user: User; offline: boolean }) {
  const { t } = useLingui()
  const address = user.addresses[0]
  const first = user.first_name
  const last = user.last_name
  return (
    <Page
      title={
        <Trans>
          Welcome {first} {last}
        </Trans>
      }
    >
      {offline && (
        <Muted role="status" style={{ marginBottom: 12 }}>
          <Trans>You are offline. This is your profile as last saved on this device.</Trans>
        </Muted>
      )}
      <Columns>
        <Card aria-label={t`Personal Information`}>
          <h2>
            <Trans>Personal Information</Trans>
          </h2>
          <DetailList>
            <Detail label={<Trans>First name</Trans>} value={user.first_name} />
            <Detail label={<Trans>Last name</Trans>} value={user.last_name} />
            <Detail label={<Trans>ID number</Trans>} value={user.id_number} />
            <Detail label={<Trans>Email</Trans>} value={user.email} />
            <Detail label={<Trans>Mobile</Trans>} value={user.mobile} />
            <Detail label={<Trans>Phone</Trans>} value={user.phone} />
          </DetailList>
          <Button type="button" disabled>
            <Trans>Update Profile</Trans>
          </Button>
        </Card>
        <Card aria-label={t`Address`}>
          <h2>
            <Trans>Address</Trans>
          </h2>
          {address ? (
            <DetailList>
              <Detail label={<Trans>Unit number</Trans>} value={address.unit_number} />
              <Detail label={<Trans>Floor level</Trans>} value={address.floor_level} />
              <Detail label={<Trans>Building name</Trans>} value={address.building_name} />
              <Detail label={<Trans>Street number</Trans>} value={address.street_number} />
              <Detail label={<Trans>Street name</Trans>} value={address.street_name} />
              <Detail label={<Trans>Suburb</Trans>} value={address.suburb} />
              <Detail label={<Trans>City</Trans>} value={address.city} />
              <Detail label={<Trans>Province</Trans>} value={address.province} />
            </DetailList>
          ) : (
            <Muted style={{ marginBottom: 16 }}>
              <Trans>No address saved yet.</Trans>
            </Muted>
          )}
          <Button type="button" disabled>
            <Trans>Update Address</Trans>
          </Button>
        </Card>
        <ChangePasswordCard offline={offline} />
      </Columns>
    </Page>
  )
}
