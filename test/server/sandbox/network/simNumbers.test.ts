import { describe, expect, it } from 'vitest'
import { isLuhnValid, luhnCheckDigit } from '../../../../src/domain/luhn.ts'
import { iccidFor, imsiFor, serviceNumberFor, SIM_NETWORK, spread } from '../../../../server/sandbox/network/simNumbers.ts'

const ids = Array.from({ length: 5000 }, (_, i) => i + 1)

describe('the Luhn check digit', () => {
  it('gives the textbook digits', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3')
    expect(isLuhnValid('79927398713')).toBe(true)
    expect(isLuhnValid('79927398710')).toBe(false)
    // The sandbox's success card and a South African ID number are Luhn numbers too.
    expect(isLuhnValid('4200000000000000')).toBe(true)
    expect(isLuhnValid('9407210456081')).toBe(true)
  })

  it('refuses what is not digits', () => {
    expect(() => luhnCheckDigit('12a4')).toThrow()
    expect(isLuhnValid('')).toBe(false)
    expect(isLuhnValid('8927 0100')).toBe(false)
  })
})

describe('a new SIM’s ICCID', () => {
  it('is 19 to 20 digits, starts 89 27 (telecom, South Africa) and ends in a valid Luhn check digit', () => {
    for (const id of ids) {
      const iccid = iccidFor(id)
      expect(iccid).toMatch(/^8927\d{15,16}$/)
      expect(iccid.startsWith(`8927${SIM_NETWORK.issuer}`)).toBe(true)
      expect(isLuhnValid(iccid), iccid).toBe(true)
    }
  })

  it('is caught by the check digit when any one digit is mistyped', () => {
    const iccid = iccidFor(42)
    for (let i = 0; i < iccid.length; i++)
      for (const digit of '0123456789') {
        if (digit === iccid[i]) continue
        expect(isLuhnValid(iccid.slice(0, i) + digit + iccid.slice(i + 1))).toBe(false)
      }
  })

  it('differs for every service id', () => {
    expect(new Set(ids.map(iccidFor)).size).toBe(ids.length)
  })
})

describe('a new SIM’s IMSI', () => {
  it('is 15 digits: MCC 655 (South Africa), a real MNC, and a subscriber number', () => {
    for (const id of ids) expect(imsiFor(id)).toMatch(/^655(01|02|07|10|38)\d{10}$/)
    expect(new Set(ids.map(imsiFor)).size).toBe(ids.length)
  })
})

describe('a new SIM’s numbers for people', () => {
  it('has a 10-digit South African mobile number, different for every service', () => {
    for (const id of ids) expect(serviceNumberFor(id)).toMatch(/^0[6-8]\d{8}$/)
    expect(new Set(ids.map(serviceNumberFor)).size).toBe(ids.length)
  })
})

describe('spread', () => {
  it('maps every number below 10^k to a different k-digit number', () => {
    const all = Array.from({ length: 1000 }, (_, n) => spread(n, 3))
    expect(new Set(all).size).toBe(1000)
    expect(all.every((s) => /^\d{3}$/.test(s))).toBe(true)
    expect(spread(1, 7)).not.toBe('0000001')
  })

  it('refuses a number that does not fit', () => {
    expect(() => spread(1000, 3)).toThrow()
    expect(() => spread(-1, 3)).toThrow()
    expect(() => spread(1.5, 3)).toThrow()
  })
})

describe('one SIM’s numbers', () => {
  it('do not end in the same digits', () => {
    const id = 13
    const tails = [iccidFor(id).slice(-8, -1), imsiFor(id).slice(-7), serviceNumberFor(id).slice(-7)]
    expect(new Set(tails).size).toBe(3)
  })
})
