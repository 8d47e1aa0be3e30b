import { describe, expect, it } from 'vitest'
import { DEFAULT_QUIET_FROM, DEFAULT_QUIET_UNTIL, heldUntil } from '../../../server/push/quietHours.ts'

/** A moment given in South African time (UTC+2). */
const sast = (text: string) => new Date(`${text}+02:00`)
const held = (at: string, from = DEFAULT_QUIET_FROM, until = DEFAULT_QUIET_UNTIL) => heldUntil(sast(at), from, until).toISOString()

describe('quiet hours (South African time)', () => {
  it('lets a notification go at once outside the default 20:00 to 07:00', () => {
    expect(held('2026-11-30T12:00:00')).toBe(sast('2026-11-30T12:00:00').toISOString())
    expect(held('2026-11-30T07:00:00')).toBe(sast('2026-11-30T07:00:00').toISOString())
    expect(held('2026-11-30T19:59:59')).toBe(sast('2026-11-30T19:59:59').toISOString())
  })

  it('holds from 20:00 until 07:00 the next morning, across midnight', () => {
    expect(held('2026-11-30T20:00:00')).toBe(sast('2026-12-01T07:00:00').toISOString())
    expect(held('2026-11-30T23:59:59')).toBe(sast('2026-12-01T07:00:00').toISOString())
    expect(held('2026-12-01T00:00:00')).toBe(sast('2026-12-01T07:00:00').toISOString())
    expect(held('2026-12-01T06:59:59')).toBe(sast('2026-12-01T07:00:00').toISOString())
    expect(held('2026-12-31T22:30:00')).toBe(sast('2027-01-01T07:00:00').toISOString())
  })

  it('uses UTC+2 whatever the UTC date: 23:30 UTC is already the next morning in South Africa', () => {
    expect(heldUntil(new Date('2026-11-30T23:30:00Z'), DEFAULT_QUIET_FROM, DEFAULT_QUIET_UNTIL).toISOString()).toBe('2026-12-01T05:00:00.000Z')
    expect(heldUntil(new Date('2026-11-30T17:59:00Z'), DEFAULT_QUIET_FROM, DEFAULT_QUIET_UNTIL).toISOString()).toBe('2026-11-30T17:59:00.000Z')
    expect(heldUntil(new Date('2026-11-30T18:00:00Z'), DEFAULT_QUIET_FROM, DEFAULT_QUIET_UNTIL).toISOString()).toBe('2026-12-01T05:00:00.000Z')
  })

  it('handles quiet hours within one day, and none when both ends are equal', () => {
    expect(held('2026-11-30T13:30:00', 13 * 60, 14 * 60)).toBe(sast('2026-11-30T14:00:00').toISOString())
    expect(held('2026-11-30T12:59:00', 13 * 60, 14 * 60)).toBe(sast('2026-11-30T12:59:00').toISOString())
    expect(held('2026-11-30T14:00:00', 13 * 60, 14 * 60)).toBe(sast('2026-11-30T14:00:00').toISOString())
    expect(held('2026-11-30T03:00:00', 0, 0)).toBe(sast('2026-11-30T03:00:00').toISOString())
  })
})
