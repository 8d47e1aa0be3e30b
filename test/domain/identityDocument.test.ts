import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { messages, PersonalSchema, SignupSchema } from '../../src/domain/account.ts'
import { COUNTRY_CODES, isSaIdNumber, maskedIdNumber } from '../../src/domain/identityDocument.ts'
import { fieldErrors } from '../../src/domain/fieldErrors.ts'

const person = {
  first_name: 'Thandi',
  last_name: 'Nkosi',
  id_number: '9001015009086',
  email: 'thandi@example.co.za',
  password: 'Secret#123',
  phone: '0211234567',
}
const visitor = { ...person, id_type: 'passport', id_number: 'FN1234567', id_country: 'ZW' }
const errorsOf = (values: Record<string, unknown>) => fieldErrors(PersonalSchema, values)

describe('a South African ID number', () => {
  it('is checked by its date of birth and its Luhn check digit', () => {
    expect(isSaIdNumber('9001015009086')).toBe(true)
    expect(isSaIdNumber('8001015009087')).toBe(true)
    expect(isSaIdNumber('0002290009089')).toBe(true) // 29 February 2000
    expect(isSaIdNumber('9001015009087')).toBe(false) // wrong check digit
    expect(isSaIdNumber('9013015009081')).toBe(false) // month 13
    expect(isSaIdNumber('9902295009086')).toBe(false) // 29 February 1999 and 2099
  })

  it.each([
    ['', messages.idRequired],
    ['900101500908', messages.idDigits],
    ['9001015009087', messages.idInvalid],
    ['9002305009083', messages.idInvalid],
  ])('%j gives "%s"', (id_number, message) => {
    expect(errorsOf({ ...person, id_number }).id_number).toBe(message)
  })

  it('is the default document and needs no country', () => {
    expect(errorsOf(person)).toEqual({})
    expect(v.parse(PersonalSchema, { ...person, id_type: '' })).toMatchObject({ id_type: 'sa_id', id_number: '9001015009086', id_country: '' })
    expect(errorsOf({ ...person, id_type: 'sa_id', id_country: 'ZW' })).toEqual({})
  })
})

describe('a passport', () => {
  it('takes 6 to 20 letters or digits and the country that issued it, upper-cased', () => {
    expect(errorsOf(visitor)).toEqual({})
    expect(v.parse(PersonalSchema, { ...visitor, id_number: ' fn1234567 ', id_country: 'zw' })).toMatchObject({ id_number: 'FN1234567', id_country: 'ZW' })
  })

  it.each([
    [{ id_number: '' }, 'id_number', messages.passportRequired],
    [{ id_number: 'A1234' }, 'id_number', messages.passportShape],
    [{ id_number: 'A'.repeat(21) }, 'id_number', messages.passportShape],
    [{ id_number: 'FN-123456' }, 'id_number', messages.passportShape],
    [{ id_country: '' }, 'id_country', messages.countryRequired],
    [{ id_country: 'XX' }, 'id_country', messages.countryUnknown],
    [{ id_country: 'Zimbabwe' }, 'id_country', messages.countryUnknown],
    [{ id_country: 'ZA' }, 'id_country', messages.countrySouthAfrica],
  ] as const)('%j gives %s "%s"', (change, field, message) => {
    expect(errorsOf({ ...visitor, ...change })[field]).toBe(message)
  })

  it('reports the number and the country beside the other fields', () => {
    expect(errorsOf({ ...visitor, first_name: '', id_number: '', id_country: '' })).toEqual({
      first_name: messages.firstName,
      id_number: messages.passportRequired,
      id_country: messages.countryRequired,
    })
  })

  it('is refused in the sign-up body under the user, as the server reads it', () => {
    const address = { street_number: '12', street_name: 'Long Street', city: 'Cape Town', province: 'Western Cape', postal_code: '8001' }
    const refused = v.safeParse(SignupSchema, { user: { ...visitor, id_country: 'ZA', ricaAddress: address } })
    expect(refused.issues?.map((i) => [v.getDotPath(i), i.message])).toEqual([['user.id_country', messages.countrySouthAfrica]])
    expect(v.safeParse(SignupSchema, { user: { ...visitor, id_type: 'drivers_licence', ricaAddress: address } }).issues?.[0]?.message).toBe(messages.idType)
  })
})

describe('the countries and the mask', () => {
  it('knows the 249 officially assigned ISO 3166-1 codes', () => {
    expect(COUNTRY_CODES).toHaveLength(249)
    expect(new Set(COUNTRY_CODES).size).toBe(249)
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
    for (const code of COUNTRY_CODES) expect(names.of(code), code).toBeTruthy()
  })

  it('shows only the last 4 characters of a number', () => {
    expect(maskedIdNumber('9407210456081')).toBe('•••••••••6081')
    expect(maskedIdNumber('FN1234567')).toBe('•••••4567')
    expect(maskedIdNumber('')).toBe('')
  })
})
