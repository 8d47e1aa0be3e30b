import type { AddressField } from '../../domain/accountForm.ts'

/** A Places API (new) address component. */
export interface PlaceComponent {
  longText: string | null
  shortText: string | null
  types: string[]
}

/** Street, suburb, city (locality, else the level-2 area), province (level-1 area), country, postal code. */
export function fieldsFromComponents(components: readonly PlaceComponent[]): Partial<Record<AddressField | 'country', string>> {
  const find = (...types: string[]) => {
    for (const type of types) {
      const hit = components.find((c) => c.types.includes(type))
      if (hit?.longText) return hit.longText
    }
    return undefined
  }
  const out: Partial<Record<AddressField | 'country', string>> = {}
  const put = (field: AddressField | 'country', value: string | undefined) => {
    if (value) out[field] = value
  }
  put('street_number', find('street_number'))
  put('street_name', find('route'))
  put('suburb', find('sublocality_level_1', 'sublocality', 'neighborhood'))
  put('city', find('locality', 'postal_town', 'administrative_area_level_2'))
  put('province', find('administrative_area_level_1'))
  put('country', find('country'))
  put('postal_code', find('postal_code'))
  return out
}
