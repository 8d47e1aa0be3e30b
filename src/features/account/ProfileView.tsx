import { Trans, useLingui } from '@lingui/react/macro'
import type { User } from '../../domain/account.ts'
import { Button } from '../../ui/Button.tsx'
import { Card, Muted, Page } from '../../ui/Page.tsx'
import { styled } from '../../ui/styled.ts'
import { DetailList } from './DetailList.tsx'

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
    <Page title={<Trans>Welcome {first} {last}</Trans>}>
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
          <DetailList
            rows={[
              [<Trans>First name</Trans>, user.first_name],
              [<Trans>Last name</Trans>, user.last_name],
              [<Trans>ID number</Trans>, user.id_number],
              [<Trans>Email</Trans>, user.email],
              [<Trans>Mobile</Trans>, user.mobile],
              [<Trans>Phone</Trans>, user.phone],
            ]}
          />
          <Button type="button" disabled>
            <Trans>Update Profile</Trans>
          </Button>
        </Card>
        <Card aria-label={t`Address`}>
          <h2>
            <Trans>Address</Trans>
          </h2>
          {address ? (
            <DetailList
              rows={[
                [<Trans>Unit number</Trans>, address.unit_number],
                [<Trans>Floor level</Trans>, address.floor_level],
                [<Trans>Building name</Trans>, address.building_name],
                [<Trans>Street number</Trans>, address.street_number],
                [<Trans>Street name</Trans>, address.street_name],
                [<Trans>Suburb</Trans>, address.suburb],
                [<Trans>City</Trans>, address.city],
                [<Trans>Province</Trans>, address.province],
              ]}
            />
          ) : (
            <Muted style={{ marginBottom: 16 }}>
              <Trans>No address saved yet.</Trans>
            </Muted>
          )}
          <Button type="button" disabled>
            <Trans>Update Address</Trans>
          </Button>
        </Card>
      </Columns>
    </Page>
  )
}
