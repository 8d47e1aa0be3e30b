import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { defineFact } from '../../src/domain/events.ts'
import { checkFact } from '../../src/domain/factCheck.ts'

// A kind of fact the app does not have: its third version, reached from the first by two upcasters.
const notes = {
  'v3.NoteTaken': defineFact('notes', v.object({ text: v.string(), pinned: v.boolean(), tags: v.array(v.string()) }), [
    (v1) => ({ ...v1, pinned: false }),
    ({ tag, ...v2 }) => ({ ...v2, tags: tag === undefined ? [] : [tag] }),
  ]),
}
const stored = (type: string, version: number, payload: Record<string, unknown>) => ({
  type,
  v: version,
  payload,
  id: 'note-1',
  stream: 'notes',
  occurredAt: '2025-03-01T08:00:00.000Z',
  seq: 1,
})
const today = (payload: Record<string, unknown>) => ({
  type: 'v3.NoteTaken',
  v: 3,
  payload,
  id: 'note-1',
  stream: 'notes',
  occurredAt: '2025-03-01T08:00:00.000Z',
})

describe('upcasting a stored fact', () => {
  it('counts the version from the upcasters', () => {
    expect(notes['v3.NoteTaken'].version).toBe(3)
  })

  it("lifts a first version through every upcaster to today's name and version", () => {
    expect(checkFact(stored('v1.NoteTaken', 1, { text: 'call back' }), notes)).toEqual({
      ok: true,
      fact: today({ text: 'call back', pinned: false, tags: [] }),
    })
  })

  it('lifts a second version through the upcasters after it only', () => {
    expect(checkFact(stored('v2.NoteTaken', 2, { text: 'call back', pinned: true, tag: 'sales' }), notes)).toEqual({
      ok: true,
      fact: today({ text: 'call back', pinned: true, tags: ['sales'] }),
    })
  })

  it("reads today's version as it is", () => {
    const payload = { text: 'call back', pinned: true, tags: ['x'] }
    expect(checkFact(stored('v3.NoteTaken', 3, payload), notes)).toEqual({ ok: true, fact: today(payload) })
  })

  it('refuses a payload an upcaster trips on, without throwing', () => {
    const strict = { 'v2.NoteTaken': defineFact('notes', v.object({ text: v.string() }), [(v1) => ({ text: (v1.words as string[]).join(' ') })]) }
    expect(checkFact(stored('v1.NoteTaken', 1, { text: 'call back' }), strict)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/could not be upcast/),
    })
  })

  it("checks the lifted payload against today's schema", () => {
    const checked = checkFact(stored('v1.NoteTaken', 1, { words: 'call back' }), notes)
    expect(checked).toMatchObject({ ok: false, problem: expect.stringMatching(/v1.NoteTaken: .*text/s) })
  })
})
