import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  balanceOf,
  dataGb,
  GAUGE_REFERENCE,
  isPrepaid,
  ServiceAnswerSchema,
  serviceStatus,
  ServicesAnswerSchema,
  showsPieLabel,
  voiceMinutes,
} from '../../src/domain/service.ts'
import { subscriptionGauges, topupTiles } from '../../src/features/portal/services/wallets.ts'
import { usageSlices } from '../../src/features/portal/services/usage.ts'
import { monthly, prepaid } from '../fixtures/portal.ts'

describe('voiceMinutes', () => {
  it('shows seconds as whole minutes, no decimals', () => {
    expect(voiceMinutes(3600, 'en')).toBe('60')
    expect(voiceMinutes(90, 'en')).toBe('2')
    expect(voiceMinutes(89, 'en')).toBe('1')
    expect(voiceMinutes(0, 'en')).toBe('0')
  })
})

describe('dataGb', () => {
  it('shows bytes divided by 1e9 with two decimals', () => {
    expect(dataGb(1_500_000_000, 'en')).toBe('1.50')
    expect(dataGb(2e9, 'en')).toBe('2.00')
    expect(dataGb(123_456_789, 'en')).toBe('0.12')
    expect(dataGb(0, 'en')).toBe('0.00')
  })

  it('writes the figure as each language writes numbers: a point in English and isiXhosa, a comma in Afrikaans', () => {
    expect(dataGb(1_500_000_000, 'xh')).toBe('1.50')
    expect(dataGb(1_500_000_000, 'af')).toBe('1,50')
    expect(dataGb(1_234_560_000_000, 'af')).toBe('1\u00a0234,56')
    expect(voiceMinutes(75_000, 'en')).toBe('1\u00a0250')
  })
})

describe('serviceStatus', () => {
  it.each([
    [0, 'active'],
    [400, 'suspended'],
    [500, 'suspended'],
    [900, 'cancelled'],
    [1, 'unknown'],
  ] as const)('maps code %i to %s, not always active', (code, status) => {
    expect(serviceStatus(code)).toBe(status)
  })
})

describe('isPrepaid', () => {
  it('is prepaid when the service carries an available balance, even a zero one', () => {
    expect(isPrepaid(prepaid())).toBe(true)
    expect(isPrepaid(prepaid({ available_balance: 0 }))).toBe(true)
    expect(isPrepaid(monthly())).toBe(false)
  })
})

describe('balanceOf', () => {
  it('finds a balance among the single-key entries', () => {
    expect(balanceOf(prepaid(), 'data_sub')).toEqual({ available: 1_500_000_000, meta: { expiry: '2026-12-22' } })
    expect(balanceOf(prepaid(), 'sms0')?.available).toBe(50)
  })

  it('is undefined when the service has no such balance', () => {
    expect(balanceOf(monthly(), 'voice_sub')).toBeUndefined()
    expect(balanceOf(prepaid({ additional_balances: [{ sms_sub: { available: 1 } }] }), 'voice0')).toBeUndefined()
  })
})

describe('showsPieLabel', () => {
  it('labels a slice of 35 degrees but not one of 34.9', () => {
    expect(showsPieLabel(35, 360)).toBe(true)
    expect(showsPieLabel(34.9, 360)).toBe(false)
    expect(showsPieLabel(360, 360)).toBe(true)
  })

  it('labels nothing in an empty pie', () => {
    expect(showsPieLabel(0, 0)).toBe(false)
  })
})

describe('the service answers', () => {
  it('accept a prepaid and a monthly service', () => {
    expect(v.parse(ServicesAnswerSchema, { services: [prepaid(), monthly()] }).services).toHaveLength(2)
    expect(v.parse(ServiceAnswerSchema, { service: monthly() }).service.id).toBe(2)
  })

  it('refuse an additional balance under an unknown key', () => {
    const odd = { ...prepaid(), additional_balances: [{ minutes: { available: 1 } }] }
    expect(v.safeParse(ServiceAnswerSchema, { service: odd }).success).toBe(false)
  })
})

describe('the Wallets view', () => {
  it('reads the three subscriptions against the 60min, 2GB and 100sms references', () => {
    expect(subscriptionGauges(prepaid(), 'en')).toEqual([
      { key: 'voice_sub', amount: '45', fraction: 2700 / GAUGE_REFERENCE.voice_sub, value: 45, maximum: 60, maximumText: '60' },
      { key: 'data_sub', amount: '1.50', fraction: 0.75, value: 1.5, maximum: 2, maximumText: '2' },
      { key: 'sms_sub', amount: '80', fraction: 0.8, value: 80, maximum: 100, maximumText: '100' },
    ])
  })

  it('keeps a gauge between empty and full, and reads a missing balance as 0', () => {
    const [voice, data] = subscriptionGauges(prepaid({ additional_balances: [{ voice_sub: { available: 7200 } }] }), 'en')
    expect(voice?.fraction).toBe(1)
    expect(voice?.value).toBe(60)
    expect(data).toEqual({ key: 'data_sub', amount: '0.00', fraction: 0, value: 0, maximum: 2, maximumText: '2' })
  })

  it('shows the top-ups as minutes, GB and units', () => {
    expect(topupTiles(prepaid(), 'en')).toEqual([
      { key: 'voice0', amount: '30' },
      { key: 'data0', amount: '1.00' },
      { key: 'sms0', amount: '50' },
    ])
  })
})

describe('the Usage Stats pie', () => {
  it('has the Peak, Off Peak and Spend Limit slices in GB, each labelled when at least 35 degrees wide', () => {
    expect(usageSlices(monthly(), 'en').map((s) => [s.key, s.figure, s.labelled])).toEqual([
      ['peak', '12.00', true],
      ['offpeak', '8.00', true],
      ['spend', '30.00', true],
    ])
    expect(usageSlices(monthly(), 'af').map((s) => s.figure)).toEqual(['12,00', '8,00', '30,00'])
    // 3000 + 97 + 0: the off-peak slice is 11 degrees wide, too thin for a label.
    const thin = usageSlices(monthly({ peak_usage: 3000, offpeak_usage: 97, spend_limit_available: 0 }), 'en')
    expect(thin.map((s) => s.labelled)).toEqual([true, false, false])
  })

  it('labels no slice when nothing was used and no limit is left', () => {
    const slices = usageSlices(monthly({ peak_usage: 0, offpeak_usage: 0, total_usage: 0, spend_limit_available: 0 }), 'en')
    expect(slices.every((s) => !s.labelled)).toBe(true)
  })
})
