import { describe, expect, it } from 'vitest'
import { fieldsFromComponents } from '../../../src/features/address/placesMapping.ts'

const c = (longText: string, ...types: string[]) => ({ longText, shortText: longText, types })

describe('Google Places address components', () => {
  it('fill street, suburb, city, province, country and postal code', () => {
    expect(
      fieldsFromComponents([
        c('12', 'street_number'),
        c('Long Street', 'route'),
        c('Gardens', 'sublocality_level_1', 'sublocality'),
        c('Cape Town', 'locality'),
        c('City of Cape Town', 'administrative_area_level_2'),
        c('Western Cape', 'administrative_area_level_1'),
        c('South Africa', 'country'),
        c('8001', 'postal_code'),
      ]),
    ).toEqual({
      street_number: '12',
      street_name: 'Long Street',
      suburb: 'Gardens',
      city: 'Cape Town',
      province: 'Western Cape',
      country: 'South Africa',
      postal_code: '8001',
    })
  })

  it('takes the level-2 area as the city when there is no locality', () => {
    expect(fieldsFromComponents([c('Overstrand', 'administrative_area_level_2')]).city).toBe('Overstrand')
  })
})
