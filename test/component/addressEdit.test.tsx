import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SavedAddress } from '../../src/domain/account.ts'
import { AddressEditor, type AddressEditing } from '../../src/features/account/profile/AddressEditor.tsx'
import { queueAccountEdit } from '../../src/features/account/profile/accountEditQueue.ts'
import type { Outbox } from '../../src/outbox/outbox.ts'
import { messageOf, renderForm } from './render.tsx'

// The form's edges: the edit it queues, and the outbox's first try at sending it (test/features covers both).
vi.mock('../../src/features/account/profile/accountEditQueue.ts', () => ({ ACCOUNT_EDIT: 'account.edit', queueAccountEdit: vi.fn() }))
const queued = vi.mocked(queueAccountEdit)
const sent = vi.fn<(kind: string) => Promise<unknown[]>>()
const outbox = { start: vi.fn(), sendNow: sent } as unknown as Outbox
beforeEach(() => {
  queued.mockReset().mockResolvedValue('edit-1')
  sent.mockReset().mockResolvedValue([{ id: 'edit-1', customerId: 7, kind: 'saved' }])
})

const home: SavedAddress = {
  id: 'addr-1',
  unit_number: '',
  floor_level: '',
  building_name: '',
  street_number: '12',
  street_name: 'Long Street',
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'Western Cape',
  postal_code: '8001',
  country: 'South Africa',
  gps_coordinates: null,
  deliver_to: '',
} as SavedAddress

function openForm(saved: SavedAddress | null) {
  const editing: AddressEditing = { addressId: saved?.id ?? 'addr-new', saved, isDefault: false, refusal: null }
  const done = vi.fn()
  return { done, ...renderForm(<AddressEditor customerId={7} editing={editing} search={() => null} onDismissed={() => undefined} onDone={done} />, { outbox }) }
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label)

describe('the address form on the profile', () => {
  it('names each required field with the messages of the spec, and queues nothing', async () => {
    const { user } = openForm(null)
    await user.click(screen.getByRole('button', { name: 'Save address' }))
    expect(messageOf(input('Street name'))).toBe('Street name is required.')
    expect(messageOf(input('Street number'))).toBe('Street number is required.')
    expect(messageOf(input('City/Town'))).toBe('City/Town name is required.')
    expect(messageOf(input('Postal Code'))).toBe('Postal Code is required.')
    expect(messageOf(input('Province'))).toBe('Province is required.')
    for (const optional of ['Unit number (optional)', 'Floor level (optional)', 'Building name (optional)', 'Suburb (optional)'])
      expect(messageOf(input(optional))).toBeNull()
    expect(document.activeElement).toBe(input('Street number'))
    await user.type(input('Postal Code'), '80')
    await user.click(screen.getByRole('button', { name: 'Save address' }))
    expect(messageOf(input('Postal Code'))).toBe('Invalid Postal Code.')
    expect(queued).not.toHaveBeenCalled()
  })

  it('queues the address as typed, and the choice of default, then closes', async () => {
    const { user, done } = openForm(home)
    await user.clear(input('Street name'))
    await user.type(input('Street name'), 'Bree Street')
    await user.click(screen.getByLabelText('Make this my default delivery address'))
    await user.click(screen.getByRole('button', { name: 'Save address' }))
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce())
    expect(queued).toHaveBeenCalledExactlyOnceWith(7, {
      kind: 'address.save',
      address_id: 'addr-1',
      address: {
        unit_number: '',
        floor_level: '',
        building_name: '',
        street_number: '12',
        street_name: 'Bree Street',
        suburb: 'Gardens',
        city: 'Cape Town',
        province: 'Western Cape',
        postal_code: '8001',
        country: 'South Africa',
        gps_coordinates: null,
        deliver_to: '',
      },
      is_default: true,
    })
  })

  it('keeps what was typed after a refusal: under the field it names, else above the form', async () => {
    sent.mockResolvedValueOnce([{ id: 'edit-1', customerId: 7, kind: 'refused', reason: 'Invalid Postal Code.', field: 'postal_code' }])
    const { user, done } = openForm(home)
    await user.clear(input('Postal Code'))
    await user.type(input('Postal Code'), '0000')
    await user.click(screen.getByRole('button', { name: 'Save address' }))
    await vi.waitFor(() => expect(messageOf(input('Postal Code'))).toBe('Invalid Postal Code.'))
    expect(screen.queryByRole('alert')).toBeNull()
    sent.mockResolvedValueOnce([{ id: 'edit-1', customerId: 7, kind: 'refused', reason: 'Your change could not be saved. Please try again.', field: null }])
    await user.click(screen.getByRole('button', { name: 'Save address' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Your change could not be saved. Please try again.')
    expect(input('Postal Code').value).toBe('0000')
    expect(input('Street name').value).toBe('Long Street')
    expect(done).not.toHaveBeenCalled()
  })
})
