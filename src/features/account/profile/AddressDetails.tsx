import { Trans } from '@lingui/react/macro'
import type { SavedAddress } from '../../../domain/account.ts'
import { Detail, DetailList } from './DetailList.tsx'

/** An address in full, field by field, as the profile shows its first address. */
export function AddressDetails({ address }: { address: SavedAddress }) {
  return (
    <DetailList>
      <Detail label={<Trans>Unit number</Trans>} value={address.unit_number} />
      <Detail label={<Trans>Floor level</Trans>} value={address.floor_level} />
      <Detail label={<Trans>Building name</Trans>} value={address.building_name} />
      <Detail label={<Trans>Street number</Trans>} value={address.street_number} />
      <Detail label={<Trans>Street name</Trans>} value={address.street_name} />
      <Detail label={<Trans>Suburb</Trans>} value={address.suburb} />
      <Detail label={<Trans>City</Trans>} value={address.city} />
      <Detail label={<Trans>Province</Trans>} value={address.province} />
      <Detail label={<Trans>Postal Code</Trans>} value={address.postal_code} />
    </DetailList>
  )
}
