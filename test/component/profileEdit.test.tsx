import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AccountView } from '../../src/domain/accountView.ts'
import { ProfileEditor } from '../../src/features/account/profile/ProfileEditor.tsx'
import { saveProfile } from '../../src/features/account/profile/profileSave.ts'
import { messageOf, renderForm } from './render.tsx'

// The save is the form's edge: what it hands over is what the outbox would send (test/features covers the queue).
vi.mock('../../src/features/account/profile/profileSave.ts', () => ({ saveProfile: vi.fn() }))
const save = vi.mocked(saveProfile)
beforeEach(() => save.mockReset())

const current = { first_name: 'Thandi', last_name: 'Mokoena', email: 'thandi@example.co.za', mobile: '', phone: '0821234567' }
const view = { refused: [], waiting: new Set<string>() } as unknown as AccountView

function openForm() {
  return renderForm(
    <ProfileEditor customerId={7} input={{ current }} view={view} idNumber="9001015800088" onDismissed={() => undefined} onEnd={() => undefined}>
      <p>Profile shown</p>
    </ProfileEditor>,
  )
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label)

describe('the Update Profile form', () => {
  it("says what each field needs, with the sign-up's messages, and saves nothing", async () => {
    const { user } = openForm()
    await user.clear(input('First name'))
    await user.clear(input('Last name'))
    await user.clear(input('Email'))
    await user.type(input('Email'), 'thandi@')
    await user.type(input('Mobile number (optional)'), '082')
    await user.clear(input('Phone number'))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(messageOf(input('First name'))).toBe('First name is required.')
    expect(messageOf(input('Last name'))).toBe('Last name is required.')
    expect(messageOf(input('Email'))).toBe('Invalid email address.')
    expect(messageOf(input('Mobile number (optional)'))).toBe('Mobile number must be 10 digits.')
    expect(messageOf(input('Phone number'))).toBe('Phone number is required.')
    expect(document.activeElement).toBe(input('First name'))
    await user.type(input('Phone number'), '08212')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(messageOf(input('Phone number'))).toBe('Phone number must be 10 digits.')
    expect(save).not.toHaveBeenCalled()
  })

  it('shows the ID number without a field to change it', () => {
    openForm()
    expect(screen.getByText('9001015800088')).toBeTruthy()
    expect(screen.queryByLabelText('ID number')).toBeNull()
  })

  it('hands over the changed details, and the email change with the current password it asks for', async () => {
    save.mockResolvedValue({ editId: 'edit-1', queued: false, pendingEmail: 'thandi@work.co.za' })
    const { user } = openForm()
    await user.clear(input('Last name'))
    await user.type(input('Last name'), 'Dlamini')
    await user.clear(input('Email'))
    await user.type(input('Email'), 'thandi@work.co.za')
    await user.type(input('Current password'), 'Old-pass1!')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Profile shown')).toBeTruthy()
    expect(save).toHaveBeenCalledExactlyOnceWith(
      7,
      {
        profile: { first_name: 'Thandi', last_name: 'Dlamini', mobile: '', phone: '0821234567' },
        email: { email: 'thandi@work.co.za', current_password: 'Old-pass1!' },
      },
      expect.objectContaining({ store: expect.anything(), outbox: expect.anything() }),
    )
  })

  it('keeps what was typed after a refusal: under its field when it names one, else above the form', async () => {
    save.mockRejectedValueOnce({ reason: 'Incorrect Username or Password. Please try again.', field: 'current_password', editId: null })
    const { user } = openForm()
    await user.clear(input('Email'))
    await user.type(input('Email'), 'thandi@work.co.za')
    await user.type(input('Current password'), 'Wrong-pass1!')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await screen.findByText('Incorrect Username or Password. Please try again.')
    expect(messageOf(input('Current password'))).toBe('Incorrect Username or Password. Please try again.')
    expect(screen.queryByRole('alert')).toBeNull()
    save.mockRejectedValueOnce({ reason: 'Your change could not be saved. Please try again.', field: null, editId: null })
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Your change could not be saved. Please try again.')
    expect(input('Email').value).toBe('thandi@work.co.za')
    expect(input('Current password').value).toBe('Wrong-pass1!')
    expect(input('First name').value).toBe('Thandi')
  })
})
