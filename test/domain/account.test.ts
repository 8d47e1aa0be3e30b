import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import {
  AddressSchema,
  bidiMessages,
  LoginSchema,
  messages,
  PASSWORD_SPECIALS,
  PersonalSchema,
  SignupSchema,
  tooLongMessages,
  UserSchema,
} from '../../src/domain/account.ts'
import { emptyAddress, emptyPersonal, toSignup } from '../../src/domain/accountForm.ts'
import { fieldErrors } from '../../src/domain/fieldErrors.ts'

const personal = {
  first_name: 'Thandi',
  last_name: 'Nkosi',
  id_number: '9001015009086',
  email: 'thandi@example.co.za',
  password: 'Secret#123',
  confirm_password: '',
  phone: '0211234567',
  mobile: '',
}
const address = {
  unit_number: '',
  floor_level: '',
  building_name: '',
  street_number: '12',
  street_name: 'Long Street',
  suburb: '',
  city: 'Cape Town',
  province: 'Western Cape',
  postal_code: '8001',
}

const personalError = (field: keyof typeof personal, value: string) => fieldErrors(PersonalSchema, { ...personal, [field]: value })[field]
const addressError = (field: keyof typeof address, value: string) => fieldErrors(AddressSchema, { ...address, [field]: value })[field]

describe('the personal step rules', () => {
  it('accepts a complete, valid person', () => {
    expect(fieldErrors(PersonalSchema, personal)).toEqual({})
  })

  it.each([
    ['first_name', '', 'First name is required.'],
    ['first_name', '   ', 'First name is required.'],
    ['last_name', '', 'Last name is required.'],
    ['id_number', '', 'ID number is required.'],
    ['id_number', '900101500908', 'ID number must be 13 digits.'],
    ['id_number', '90010150090867', 'ID number must be 13 digits.'],
    ['id_number', '900101500908A', 'ID number must be 13 digits.'],
    ['email', '', 'Email is required.'],
    ['email', 'thandi@', 'Invalid email address.'],
    ['email', 'thandi.example.co.za', 'Invalid email address.'],
    ['password', '', 'Password is required.'],
    ['password', 'Sec#12', 'Password must be at least 8 characters, include a number, and a special character.'],
    ['password', 'Secret1234', 'Password must be at least 8 characters, include a number, and a special character.'],
    ['password', 'Secret####', 'Password must be at least 8 characters, include a number, and a special character.'],
    ['password', '1234567#', 'Password must be at least 8 characters, include a number, and a special character.'],
    ['phone', '', 'Phone number is required.'],
    ['phone', '021123456', 'Phone number must be 10 digits.'],
    ['phone', '02112345678', 'Phone number must be 10 digits.'],
    ['mobile', '082123', 'Mobile number must be 10 digits.'],
  ] as const)('%s %j gives "%s"', (field, value, message) => {
    expect(personalError(field, value)).toBe(message)
  })

  it('reports a missing field as required, not as a type error', () => {
    expect(fieldErrors(PersonalSchema, {})).toEqual({
      first_name: 'First name is required.',
      last_name: 'Last name is required.',
      id_number: 'ID number is required.',
      email: 'Email is required.',
      password: 'Password is required.',
      phone: 'Phone number is required.',
    })
  })

  it('accepts every special character of the fixed set', () => {
    for (const special of PASSWORD_SPECIALS) expect(personalError('password', `abcdef1${special}`)).toBeUndefined()
  })

  it('leaves the mobile number optional and the confirmation unchecked', () => {
    expect(personalError('mobile', '')).toBeUndefined()
    expect(personalError('mobile', '0821234567')).toBeUndefined()
    expect(personalError('confirm_password', 'something else')).toBeUndefined()
  })

  it('trims text but keeps the password as typed', () => {
    const out = v.parse(PersonalSchema, { ...personal, first_name: '  Thandi ', email: ' thandi@example.co.za ', password: ' Secret#123 ' })
    expect(out.first_name).toBe('Thandi')
    expect(out.email).toBe('thandi@example.co.za')
    expect(out.password).toBe(' Secret#123 ')
  })
})

describe('the address rules', () => {
  it('accepts a complete address and fills the defaults', () => {
    const out = v.parse(AddressSchema, address)
    expect(out.country).toBe('South Africa')
    expect(out.gps_coordinates).toBeNull()
    expect(out.deliver_to).toBe('')
  })

  it.each([
    ['street_name', '', 'Street name is required.'],
    ['street_number', '', 'Street number is required.'],
    ['city', '', 'City/Town name is required.'],
    ['postal_code', '', 'Postal Code is required.'],
    ['postal_code', '800', 'Invalid Postal Code.'],
    ['postal_code', '80011', 'Invalid Postal Code.'],
    ['postal_code', 'ABCD', 'Invalid Postal Code.'],
    ['province', '', 'Province is required.'],
  ] as const)('%s %j gives "%s"', (field, value, message) => {
    expect(addressError(field, value)).toBe(message)
  })

  it('leaves unit, floor, building and suburb optional', () => {
    for (const field of ['unit_number', 'floor_level', 'building_name', 'suburb'] as const) expect(addressError(field, '')).toBeUndefined()
  })
})

describe('the length and direction of names and address fields', () => {
  it('takes 100 characters in every person and address text field and refuses 101 with the field named', () => {
    for (const field of ['first_name', 'last_name'] as const) {
      expect(personalError(field, 'a'.repeat(100)), field).toBeUndefined()
      expect(personalError(field, 'a'.repeat(101)), field).toBe(tooLongMessages[field])
    }
    for (const field of ['unit_number', 'floor_level', 'building_name', 'street_number', 'street_name', 'suburb', 'city', 'province'] as const) {
      expect(addressError(field, '4'.repeat(100)), field).toBeUndefined()
      expect(addressError(field, '4'.repeat(101)), field).toBe(tooLongMessages[field])
    }
    for (const field of ['country', 'deliver_to'] as const)
      expect(fieldErrors(AddressSchema, { ...address, [field]: 'x'.repeat(101) })[field], field).toBe(tooLongMessages[field])
    expect(personalError('first_name', 'a'.repeat(90_000))).toBe('First name must be at most 100 characters.')
    // Trimmed first: spaces around a full-length name do not count.
    expect(personalError('first_name', ` ${'a'.repeat(100)} `)).toBeUndefined()
  })

  it('keeps the email within 254 characters and the ID number and phones within their digits', () => {
    expect(personalError('email', `${'a'.repeat(243)}@example.com`)).toBe(messages.emailShape)
    expect(personalError('id_number', '9'.repeat(14))).toBe(messages.idDigits)
    expect(personalError('phone', '0'.repeat(11))).toBe(messages.phoneDigits)
  })

  it('refuses text direction controls in person, building and street names, and lets right-to-left letters be', () => {
    const reversed = 'Thandi\u202Egnp.exe'
    for (const field of ['first_name', 'last_name'] as const) expect(personalError(field, reversed), field).toBe(bidiMessages[field])
    for (const field of ['building_name', 'street_name'] as const) expect(addressError(field, `Harbour\u2067 View`), field).toBe(bidiMessages[field])
    expect(personalError('first_name', 'ثاندي')).toBeUndefined()
    expect(personalError('first_name', 'Zoë-Nomsa')).toBeUndefined()
  })
})

describe('sign-up, login and user shapes', () => {
  it('builds the POST /v2/users body without the unchecked confirmation', () => {
    const body = toSignup({ ...emptyPersonal(), ...personal, confirm_password: 'x' }, { ...emptyAddress(), ...address })
    expect(v.is(SignupSchema, body)).toBe(true)
    expect(body.user).not.toHaveProperty('confirm_password')
    expect(body.user.ricaAddress.country).toBe('South Africa')
  })

  it('requires email and password to log in', () => {
    expect(fieldErrors(LoginSchema, { email: '', password: '' })).toEqual({
      email: 'Email is required.',
      password: 'Password is required.',
    })
  })

  it('reads a social customer without ID number, phones or addresses', () => {
    const user = v.parse(UserSchema, { id: 7, first_name: 'Sam', last_name: 'Dube', email: 'sam@example.com', id_number: null })
    expect(user).toEqual({
      id: 7,
      first_name: 'Sam',
      last_name: 'Dube',
      id_number: '',
      email: 'sam@example.com',
      phone: '',
      mobile: '',
      addresses: [],
      orders: [],
    })
  })
})
