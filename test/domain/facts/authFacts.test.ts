import { describe, expect, it } from 'vitest'
import { makeFact } from '../../../src/domain/events.ts'
import { authFamily } from '../../../src/domain/facts/authFacts.ts'
import { projectionOf } from '../../../src/store/projection.ts'
import { customer } from '../../machines/authHarness.ts'
import { describeFamily } from './familyContract.ts'

const user = customer({ id: 3 })

describeFamily(authFamily, {
  'v1.CustomerSignedIn': { user },
  'v1.CustomerSignedOut': {},
  'v1.AccountDeleted': { customerId: 3 },
})

describe('the known customer', () => {
  const known = projectionOf(authFamily)
  const stamp = (id: string) => ({ id, occurredAt: '2025-03-01T08:00:00.000Z' })
  const signedIn = known.apply(known.initial(), makeFact('v1.CustomerSignedIn', { user }, stamp('in')))

  it('takes the customer as the server answered an edit of their account', () => {
    const renamed = { ...user, first_name: 'Lindiwe' }
    expect(known.apply(signedIn, makeFact('v1.AccountEditAcknowledged', { editId: 'e1', user: renamed }, stamp('ack'))).customer).toEqual(renamed)
  })

  it('forgets a deleted customer, and only them', () => {
    expect(known.apply(signedIn, makeFact('v1.AccountDeleted', { customerId: 4 }, stamp('d4'))).customer).toEqual(user)
    expect(known.apply(signedIn, makeFact('v1.AccountDeleted', { customerId: 3 }, stamp('d3'))).customer).toBeNull()
  })
})
