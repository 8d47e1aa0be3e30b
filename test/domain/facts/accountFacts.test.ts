import { accountFamily } from '../../../src/domain/facts/accountFacts.ts'
import { customer } from '../../machines/authHarness.ts'
import { describeFamily } from './familyContract.ts'

const editId = '0b9f7c1e-2c4a-4a51-9a8e-3b1f7d2e6c10'
const address = {
  ...{ street_number: '1', street_name: 'Main Road', city: 'Durban', province: 'KwaZulu-Natal', postal_code: '4001' },
  ...{ unit_number: '', floor_level: '', building_name: '', suburb: '', country: 'South Africa', gps_coordinates: null, deliver_to: '' },
}

describeFamily(accountFamily, {
  'v1.ProfileEdited': { customerId: 3, profile: { first_name: 'Thandeka', last_name: 'Nkosi', phone: '0211234567', mobile: '' } },
  'v1.AddressSaved': { customerId: 3, address_id: editId, address, is_default: true },
  'v1.AddressRemoved': { customerId: 3, address_id: editId },
  'v1.DefaultAddressChosen': { customerId: 3, address_id: editId },
  'v1.AccountEditAcknowledged': { editId, user: customer({ id: 3 }) },
  'v1.AccountEditRefused': { editId, reason: 'Phone number must be 10 digits.', field: 'phone', status: 400 },
  'v1.AccountRefusalDismissed': { editId },
})
