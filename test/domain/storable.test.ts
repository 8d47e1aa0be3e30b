import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { AddressSchema, LoginSchema, PersonalSchema, messages, unsavableMessages } from '../../src/domain/account.ts'
import { fieldErrors } from '../../src/domain/fieldErrors.ts'
import { CartLineSchema } from '../../src/domain/order.ts'
import { CreateCheckoutRequestSchema } from '../../src/domain/payment.ts'
import { isStorableText, toStorableText } from '../../src/domain/storable.ts'

const personal = {
  first_name: 'Thandi',
  last_name: 'Nkosi',
  id_number: '9001015009086',
  email: 'thandi@example.co.za',
  password: 'Secret#123',
  phone: '0211234567',
  mobile: '',
}
const address = {
  unit_number: '4',
  floor_level: '2',
  building_name: 'Harbour View',
  street_number: '12',
  street_name: 'Long Street',
  suburb: 'Gardens',
  city: 'Cape Town',
  province: 'Western Cape',
  postal_code: '8001',
  country: 'South Africa',
  deliver_to: 'Reception',
}

describe('text PostgreSQL can store (issue 9)', () => {
  it('is any well-formed text without U+0000, emoji, right-to-left and all', () => {
    for (const text of ['', 'Thandi', 'שלום', '\u202Eevil', '👩🏽‍💻🇿🇦', '\uD83D\uDE00']) expect(isStorableText(text), text).toBe(true)
    for (const text of ['\0', 'a\0b', '\uD800', 'a\uDBFFb', '\uDC00', '\uDE00\uD83D', `${'x'.repeat(10_000)}\uD800`])
      expect(isStorableText(text), JSON.stringify(text)).toBe(false)
  })

  it('replaces each unstorable unit with U+FFFD when the text must be kept', () => {
    expect(toStorableText('a\0b\uD800c\uDC00😀')).toBe('a\uFFFDb\uFFFDc\uFFFD😀')
  })

  it("answers a NUL in each text field of sign-up and the address with that field's message", () => {
    for (const [field, message] of Object.entries(unsavableMessages)) {
      const [schema, valid] = field in personal ? [PersonalSchema, personal] : [AddressSchema, address]
      expect(fieldErrors(schema, { ...valid, [field]: 'Secret#1\0x' })[field], field).toBe(message)
      expect(fieldErrors(schema, { ...valid, [field]: '\uDFFF12' })[field], field).toBe(message)
    }
  })

  it('keeps the spec messages for the rules that were there: blank is still "required"', () => {
    expect(fieldErrors(PersonalSchema, { ...personal, first_name: '  ' }).first_name).toBe(messages.firstName)
    expect(fieldErrors(PersonalSchema, { ...personal, id_number: '12\0' }).id_number).toBe(messages.idDigits)
    expect(fieldErrors(AddressSchema, { ...address, postal_code: '80\0' }).postal_code).toBe(messages.postalDigits)
  })

  it('refuses an email longer than 254 characters as an invalid address, at sign-up and at login', () => {
    const long = `${'a'.repeat(250)}@example.co.za`
    expect(fieldErrors(PersonalSchema, { ...personal, email: long }).email).toBe(messages.emailShape)
    expect(fieldErrors(LoginSchema, { email: long, password: 'x' }).email).toBe(messages.emailShape)
    expect(fieldErrors(LoginSchema, { email: '\0', password: 'x' }).email).toBe(unsavableMessages.email)
    expect(fieldErrors(LoginSchema, { email: 'a@b.co', password: 'x\0' }).password).toBe(unsavableMessages.password)
  })

  it('takes GPS coordinates only on the globe and finite', () => {
    const at = (longitude: number, latitude: number) => v.is(AddressSchema, { ...address, gps_coordinates: { longitude, latitude } })
    expect(at(18.42, -33.92)).toBe(true)
    for (const [lng, lat] of [
      [181, 0],
      [0, -91],
      [Infinity, 0],
      [0, -Infinity],
    ] as const)
      expect(at(lng, lat)).toBe(false)
  })

  it('takes only ids the database columns can hold', () => {
    const line = {
      cart_id: 'c',
      product_id: 1,
      id: 1,
      name: 'LTE',
      unit_price: 1,
      image: '',
      product_configs: { value_adds: [], configs: [{ friendly_name: '', comments: '' }] },
    }
    expect(v.is(CartLineSchema, line)).toBe(true)
    for (const product_id of [0, 1.5, 2 ** 31, 1e300]) expect(v.is(CartLineSchema, { ...line, product_id }), String(product_id)).toBe(false)
    expect(v.is(CartLineSchema, { ...line, product_configs: { value_adds: [], configs: [{ friendly_name: '\0', comments: '' }] } })).toBe(false)
    for (const orderId of [999_999_999_999_999, '999999999999999']) expect(v.is(CreateCheckoutRequestSchema, { payment: { orderId } })).toBe(true)
    for (const orderId of [1_000_000_000_000_000, 2 ** 63, 1e300, 1.5, '1e3', '9999999999999999'])
      expect(v.is(CreateCheckoutRequestSchema, { payment: { orderId } }), String(orderId)).toBe(false)
  })
})
