import { describe, expect, it } from 'vitest'
import { makeFact } from '../../../src/domain/events.ts'
import { applyServiceFact, noSimNames, simNameFamily, withLocalName, type SimNames } from '../../../src/domain/facts/simNameFacts.ts'
import { monthly } from '../../fixtures/portal.ts'
import { describeFamily } from './familyContract.ts'

describeFamily(simNameFamily, {
  'v1.SimRenamed': { customerId: 3, serviceId: 12, name: 'Home Wi-Fi' },
  'v1.SimRenameAcknowledged': { renameId: 'rename-1', customerId: 3, serviceId: 12, name: 'Home Wi-Fi', answeredAt: '2025-03-01T08:00:01.000Z' },
  'v1.SimRenameRejected': { renameId: 'rename-1', customerId: 3, serviceId: 12, reason: 'This SIM is cancelled and can no longer be changed.' },
})

const stamp = (id: string) => ({ id, occurredAt: '2026-11-26T10:00:00.000Z' })
const renamed = (id: string, name: string, customerId = 7) => makeFact('v1.SimRenamed', { customerId, serviceId: 9, name }, stamp(id))
const acked = (renameId: string, answeredAt = '2026-11-26T10:00:05.000Z') =>
  makeFact('v1.SimRenameAcknowledged', { renameId, customerId: 7, serviceId: 9, name: 'x', answeredAt }, stamp(`ack-${renameId}`))
const rejected = (renameId: string) => makeFact('v1.SimRenameRejected', { renameId, customerId: 7, serviceId: 9, reason: 'gone' }, stamp(`no-${renameId}`))
const fold = (...facts: Parameters<typeof applyServiceFact>[1][]): SimNames => facts.reduce(applyServiceFact, noSimNames())

describe('the SIM names given on the phone', () => {
  const server = monthly({ id: 9, name: 'Home router' })

  it('shows a waiting rename over the server’s copy at once', () => {
    const names = fold(renamed('a', 'Kitchen'))
    expect(withLocalName(server, names.latest['7:9'], '2026-11-26T11:00:00.000Z').name).toBe('Kitchen')
    // Another customer's SIM of the same id on a shared phone is not touched.
    expect(fold(renamed('a', 'Kitchen', 8)).latest['7:9']).toBeUndefined()
  })

  it('once sent, shows it over copies no newer than the server’s answer, and the server’s name after', () => {
    const change = fold(renamed('a', 'Kitchen'), acked('a')).latest['7:9']
    expect(withLocalName(server, change, '2026-11-26T10:00:05.000Z').name).toBe('Kitchen')
    expect(withLocalName(server, change, '2026-11-26T10:00:06.000Z').name).toBe('Home router')
  })

  it('drops a refused rename, and an answer to an older rename changes nothing', () => {
    expect(withLocalName(server, fold(renamed('a', 'Kitchen'), rejected('a')).latest['7:9'], '2026-11-26T09:00:00.000Z').name).toBe('Home router')
    const names = fold(renamed('a', 'First'), renamed('b', 'Second'), rejected('a'), acked('a'))
    expect(names.latest['7:9']).toMatchObject({ renameId: 'b', name: 'Second', state: 'waiting' })
  })
})
