import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RenameResult } from '../../../../src/api/serviceActions.ts'
import type { RenameSimRequest } from '../../../../src/domain/simName.ts'
import { queueSimName, SIM_RENAME, simRenameOutbox } from '../../../../src/features/portal/simActions/simRenameQueue.ts'
import { drainOutbox } from '../../../../src/outbox/sender.ts'
import { closeStore, type StoreDb } from '../../../../src/store/db.ts'
import { openRows } from '../../../../src/outbox/table.ts'
import { readCachedService, readSimNames } from '../../../../src/store/portalQueries.ts'
import { monthly } from '../../../fixtures/portal.ts'
import { freshStore } from '../../../store/fixtures.ts'

let store: StoreDb

beforeEach(async () => {
  store = await freshStore()
})
afterEach(() => closeStore({ delete: true }))

const at = '2026-11-26T10:00:00.000Z'
const renamed = (name: string): RenameResult => ({ kind: 'renamed', service: monthly({ id: 9, name }), fetchedAt: at })
const offline: RenameResult = { kind: 'no-answer', error: 'Failed to fetch' }

/** A stand-in for POST …/services/id/{id}/name answering from a script, recording what it got. */
function server(...answers: RenameResult[]) {
  const got: { serviceId: number; request: RenameSimRequest }[] = []
  const send = async (serviceId: number, request: RenameSimRequest) => {
    got.push({ serviceId, request })
    return answers.shift() ?? renamed(request.name)
  }
  return { got, send }
}

async function drain(send: ReturnType<typeof server>['send'], signedIn: number | null = 7) {
  const { outcomes } = await drainOutbox([simRenameOutbox(send)], { force: true, signedIn })
  return outcomes[SIM_RENAME] ?? []
}

const latest = async () => (await readSimNames(store)).latest['7:9']

describe('a SIM rename queued on the phone', () => {
  it('shows at once as waiting, is sent once with its id as the key, and keeps the SIM as the server answered', async () => {
    const id = await queueSimName(7, 9, 'Kitchen router')
    expect(await latest()).toMatchObject({ renameId: id, name: 'Kitchen router', state: 'waiting' })
    const s = server()
    expect(await drain(s.send)).toEqual([{ customerId: 7, name: 'Kitchen router', kind: 'sent', waited: false }])
    await drain(s.send)
    expect(s.got).toEqual([{ serviceId: 9, request: { id, name: 'Kitchen router' } }])
    expect(await latest()).toMatchObject({ state: 'sent', answeredAt: at })
    expect((await readCachedService(7, '9', store))?.value.name).toBe('Kitchen router')
  })

  it('waits offline and goes once the connection returns, the same key each time', async () => {
    const id = await queueSimName(7, 9, 'Tablet')
    const s = server(offline)
    expect(await drain(s.send)).toEqual([{ customerId: 7, name: 'Tablet', kind: 'waiting' }])
    expect(await latest()).toMatchObject({ state: 'waiting' })
    expect(await drain(s.send)).toEqual([{ customerId: 7, name: 'Tablet', kind: 'sent', waited: true }])
    expect(s.got.map((g) => g.request.id)).toEqual([id, id])
    expect(await openRows(SIM_RENAME)).toEqual([])
  })

  it('goes only under its own customer’s session', async () => {
    await queueSimName(7, 9, 'Car')
    const s = server()
    await drain(s.send, 8)
    await drain(s.send, null)
    expect(s.got).toEqual([])
    await drain(s.send, 7)
    expect(s.got).toHaveLength(1)
  })

  it('is never retried once the server refuses it, and the name the server keeps shows again', async () => {
    await queueSimName(7, 9, 'Spare')
    const s = server({ kind: 'refused', status: 422, error: 'This SIM is cancelled and can no longer be changed.', retryAfterMs: null })
    expect(await drain(s.send)).toEqual([{ customerId: 7, name: 'Spare', kind: 'rejected', reason: 'This SIM is cancelled and can no longer be changed.' }])
    await drain(s.send)
    expect(s.got).toHaveLength(1)
    expect(await latest()).toMatchObject({ state: 'rejected', reason: 'This SIM is cancelled and can no longer be changed.' })
  })

  it('sends only the last of two renames made offline, so an earlier one can never land over it', async () => {
    await queueSimName(7, 9, 'First')
    const second = await queueSimName(7, 9, 'Second')
    const s = server()
    expect(await drain(s.send)).toEqual([
      { customerId: 7, name: 'First', kind: 'superseded' },
      { customerId: 7, name: 'Second', kind: 'sent', waited: false },
    ])
    expect(s.got.map((g) => g.request.name)).toEqual(['Second'])
    expect(await latest()).toMatchObject({ renameId: second, name: 'Second', state: 'sent' })
  })

  it('never sends again a rename that found no answer once a later one of the same SIM is queued', async () => {
    await queueSimName(7, 9, 'First')
    const s = server(offline)
    await drain(s.send)
    await queueSimName(7, 9, 'Second')
    await queueSimName(7, 10, 'Other SIM')
    await drain(s.send)
    expect(s.got.map((g) => g.request.name)).toEqual(['First', 'Second', 'Other SIM'])
    expect(await openRows(SIM_RENAME)).toEqual([])
  })
})
