import { describe, expect, it } from 'vitest'
import { serviceReferenceFor } from '../../../server/services/serviceReference.ts'

describe('a SIM service’s reference', () => {
  it('has the service reference SVC- and the zero-padded id', () => {
    expect(serviceReferenceFor(7)).toBe('SVC-000007')
    expect(serviceReferenceFor(1234567)).toBe('SVC-1234567')
  })
})
