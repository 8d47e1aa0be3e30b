import { screen, within } from '@testing-library/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { SignupWizard } from '../../src/features/account/signIn/SignupWizard.tsx'
import { messageOf, renderForm, serverAnswers } from './render.tsx'

/** /signup with the wizard alone, in a router of its own (the wizard moves on by the router once the account exists). */
async function openSignup() {
  const router = createRouter({ routeTree: createRootRoute({ component: SignupWizard }), history: createMemoryHistory({ initialEntries: ['/signup'] }) })
  const rendered = renderForm(<RouterProvider router={router} />)
  await screen.findByRole('heading', { name: 'Step 1 of 2: Personal details' })
  // A whole value pasted into its field: the steps check what was entered, not each key on the way.
  const fill = async (label: string, value: string) => {
    await rendered.user.click(screen.getByLabelText(label))
    await rendered.user.paste(value)
  }
  return { ...rendered, fill }
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label)
const personal = {
  'First name': 'Thandi',
  'Last name': 'Mokoena',
  'ID number': '9001015800088',
  Email: 'thandi@example.co.za',
  Password: 'Secret-pass1!',
  'Phone number': '0821234567',
}
const address = { 'Street number': '12', 'Street name': 'Long Street', 'City/Town': 'Cape Town', Province: 'Western Cape', 'Postal Code': '8001' }

describe('the sign-up form', () => {
  it('stays on the personal step, naming each field with the messages of the spec, until they pass', async () => {
    const sent = serverAnswers(() => ({ status: 500 }))
    const { user } = await openSignup()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(messageOf(input('First name'))).toBe('First name is required.')
    expect(messageOf(input('Last name'))).toBe('Last name is required.')
    expect(messageOf(input('ID number'))).toBe('ID number is required.')
    expect(messageOf(input('Email'))).toBe('Email is required.')
    expect(messageOf(input('Password'))).toBe('Password is required.')
    expect(messageOf(input('Confirm password'))).toBeNull()
    expect(messageOf(input('Phone number'))).toBe('Phone number is required.')
    expect(messageOf(input('Mobile number (optional)'))).toBeNull()
    expect(document.activeElement).toBe(input('First name'))

    await user.type(input('First name'), 'Thandi')
    await user.type(input('Last name'), 'Mokoena')
    await user.type(input('ID number'), '90010158')
    await user.type(input('Email'), 'thandi@')
    await user.type(input('Password'), 'secret')
    await user.type(input('Phone number'), '082123')
    await user.type(input('Mobile number (optional)'), '083')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(messageOf(input('First name'))).toBeNull()
    expect(messageOf(input('ID number'))).toBe('ID number must be 13 digits.')
    expect(messageOf(input('Email'))).toBe('Invalid email address.')
    expect(messageOf(input('Password'))).toBe('Password must be at least 8 characters, include a number, and a special character.')
    expect(messageOf(input('Phone number'))).toBe('Phone number must be 10 digits.')
    expect(messageOf(input('Mobile number (optional)'))).toBe('Mobile number must be 10 digits.')
    expect(document.activeElement).toBe(input('ID number'))
    expect(screen.getByRole('heading', { name: 'Step 1 of 2: Personal details' })).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('checks the address step with its own messages, and Back returns to the personal details as typed', async () => {
    const sent = serverAnswers(() => ({ status: 500 }))
    const { user, fill } = await openSignup()
    for (const [label, value] of Object.entries(personal)) await fill(label, value)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByRole('heading', { name: 'Step 2 of 2: Address' })
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(messageOf(input('Street name'))).toBe('Street name is required.')
    expect(messageOf(input('Street number'))).toBe('Street number is required.')
    expect(messageOf(input('City/Town'))).toBe('City/Town name is required.')
    expect(messageOf(input('Postal Code'))).toBe('Postal Code is required.')
    expect(messageOf(input('Province'))).toBe('Province is required.')
    expect(messageOf(input('Unit number (optional)'))).toBeNull()
    await user.type(input('Postal Code'), '80')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(messageOf(input('Postal Code'))).toBe('Invalid Postal Code.')
    expect(sent).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await screen.findByRole('heading', { name: 'Step 1 of 2: Personal details' })
    for (const [label, value] of Object.entries(personal)) expect(input(label).value).toBe(value)
  })

  it('sends the account as typed, and keeps it all after a refusal, which it shows above the buttons', async () => {
    const sent = serverAnswers(() => ({ status: 409, body: { error: 'An account with this email already exists.' } }))
    const { user, fill } = await openSignup()
    for (const [label, value] of Object.entries(personal)) await fill(label, value)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByRole('heading', { name: 'Step 2 of 2: Address' })
    for (const [label, value] of Object.entries(address)) await fill(label, value)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('An account with this email already exists.')).toBeTruthy()
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/v2/users',
        body: {
          user: {
            first_name: 'Thandi',
            last_name: 'Mokoena',
            id_number: '9001015800088',
            email: 'thandi@example.co.za',
            password: 'Secret-pass1!',
            phone: '0821234567',
            mobile: '',
            ricaAddress: {
              unit_number: '',
              floor_level: '',
              building_name: '',
              street_number: '12',
              street_name: 'Long Street',
              suburb: '',
              city: 'Cape Town',
              province: 'Western Cape',
              postal_code: '8001',
              country: 'South Africa',
              gps_coordinates: null,
              deliver_to: '',
            },
          },
        },
      },
    ])
    expect(screen.getByRole('heading', { name: 'Step 2 of 2: Address' })).toBeTruthy()
    for (const [label, value] of Object.entries(address)) expect(input(label).value).toBe(value)
    await user.click(screen.getByRole('button', { name: 'Back' }))
    for (const [label, value] of Object.entries(personal)) expect(input(label).value).toBe(value)
  })

  it('takes a passport number and its country instead of an SA ID number, named and checked like the other fields', async () => {
    const sent = serverAnswers(() => ({ status: 409, body: { error: 'An account with this email already exists.' } }))
    const { user, fill } = await openSignup()
    const group = screen.getByRole('group', { name: 'Identity document' })
    const saId = within(group).getByRole('radio', { name: 'South African ID' })
    expect(saId).toHaveProperty('checked', true)
    expect(screen.queryByLabelText('Country of issue')).toBeNull()
    // The keyboard moves the choice, as in any radio group.
    saId.focus()
    await user.keyboard('{ArrowRight}')
    expect(within(group).getByRole('radio', { name: 'Passport' })).toHaveProperty('checked', true)
    const country = screen.getByRole('combobox', { name: 'Country of issue' })
    const names = within(country)
      .getAllByRole('option')
      .map((o) => o.textContent)
    expect(names[0]).toBe('Choose a country')
    expect(names).toContain('Zimbabwe')
    expect(names).not.toContain('South Africa')
    expect(names.slice(1)).toEqual([...names.slice(1)].sort((a, b) => String(a).localeCompare(String(b), 'en')))

    for (const [label, value] of Object.entries({ ...personal, 'ID number': '' })) if (value) await fill(label, value)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(messageOf(input('Passport number'))).toBe('Passport number is required.')
    expect(messageOf(country)).toBe('Country of issue is required.')
    expect(document.activeElement).toBe(input('Passport number'))
    await fill('Passport number', 'FN-1')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(messageOf(input('Passport number'))).toBe('Passport number must be 6 to 20 letters or digits.')

    await user.clear(input('Passport number'))
    await fill('Passport number', 'fn1234567')
    await user.selectOptions(country, 'Zimbabwe')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByRole('heading', { name: 'Step 2 of 2: Address' })
    for (const [label, value] of Object.entries(address)) await fill(label, value)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    await screen.findByText('An account with this email already exists.')
    expect(sent[0]?.body).toMatchObject({ user: { id_type: 'passport', id_number: 'FN1234567', id_country: 'ZW', first_name: 'Thandi' } })
  })

  it('refuses an ID number whose check digit or date of birth is wrong', async () => {
    serverAnswers(() => ({ status: 500 }))
    const { user, fill } = await openSignup()
    await fill('ID number', '9001015800087')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(messageOf(input('ID number'))).toBe('ID number is not a valid South African ID number: check the date of birth and the last digit.')
  })
})
