import { describe, expect, it } from 'vitest'
import { validateLoginSearch } from '../../../../src/features/account/signIn/loginSearch.ts'

describe("/login's search", () => {
  it('keeps where the customer was heading when it is a path of this site', () => {
    expect(validateLoginSearch({ redirect: '/orders' }).redirect).toBe('/orders')
    expect(validateLoginSearch({ redirect: '/orders/12?tab=1' }).redirect).toBe('/orders/12?tab=1')
  })

  it('names every key, a rejected one as undefined, so the raw value the router lays it over is not kept', () => {
    for (const redirect of ['//example.com/', '/\\example.com', 'https://example.com/', 'orders', 42]) {
      const search = validateLoginSearch({ redirect, signed_in: 'myspace', error: 7 })
      expect(search).toEqual({ signed_in: undefined, error: undefined, redirect: undefined })
      expect(Object.keys(search).sort()).toEqual(['error', 'redirect', 'signed_in'])
    }
  })

  it("keeps a social sign-in's return", () => {
    expect(validateLoginSearch({ signed_in: 'google' })).toEqual({ signed_in: 'google', error: undefined, redirect: undefined })
    expect(validateLoginSearch({ error: 'social' }).error).toBe('social')
  })
})
