import { describe, expect, it } from 'vitest'
import { readCatalogueFile } from '../../src/domain/catalogueFile.ts'

const aPackage = (id: number, more: Record<string, unknown> = {}) => ({
  id,
  texts: {
    en: { name: `Package ${id}`, plan: '4G Uncapped', speed: 'Up to 10Mbps' },
    xh: { name: `Package ${id}`, plan: 'I-4G engenamda', speed: 'Ukuya kuthi ga kwi-10Mbps' },
    af: null,
  },
  price: 299,
  billing: 'monthly',
  image: '/images/products/4g-10mbps.svg',
  position: id,
  on_sale: true,
  ...more,
})

const aBundle = (id: string, more: Record<string, unknown> = {}) => ({
  id,
  names: { en: '1 GB data', xh: 'Idatha ye-1 GB', af: null },
  billing: 'prepaid',
  kind: 'data',
  amount: 1e9,
  price: 99,
  validity_days: 30,
  position: 1,
  on_sale: true,
  ...more,
})

const problemsOf = (input: unknown) => {
  const read = readCatalogueFile(input)
  return 'problems' in read ? read.problems : []
}

describe('the catalogue file', () => {
  it('reads packages and bundles with a translation missing as null or left out, never filled in from English', () => {
    const { af: _af, ...withoutAf } = aPackage(2).texts
    const read = readCatalogueFile({ version: 1, packages: [aPackage(1), { ...aPackage(2), texts: withoutAf }], bundles: [aBundle('data-1gb')] })
    if (!('file' in read)) throw new Error(read.problems.join('\n'))
    expect(read.file.packages[0]?.texts.af).toBeNull()
    expect(read.file.packages[1]?.texts.af).toBeUndefined()
    expect(read.file.packages[0]?.texts.xh?.plan).toBe('I-4G engenamda')
    expect(read.file.bundles[0]?.names).toEqual({ en: '1 GB data', xh: 'Idatha ye-1 GB', af: null })
  })

  it('reads an empty catalogue: a shop may have nothing on sale', () => {
    expect(readCatalogueFile({ version: 1, packages: [], bundles: [] })).toEqual({ file: { version: 1, packages: [], bundles: [] } })
  })

  it('names every problem with its place in the file, not only the first', () => {
    const problems = problemsOf({
      version: 1,
      packages: [
        aPackage(1),
        aPackage(2, { price: '299', billing: 'yearly' }),
        aPackage(3, { texts: { en: { name: '', plan: 'x', speed: 'y' } }, image: 'https://elsewhere.example/x.png' }),
        aPackage(4, { price: 12.345, colour: 'red' }),
      ],
      bundles: [aBundle('data-1gb', { kind: 'video', amount: 0 }), aBundle('Not An Id')],
    })
    expect(problems).toEqual([
      expect.stringMatching(/^packages\[1\]\.price: Invalid type: Expected number but received "299"$/),
      expect.stringMatching(/^packages\[1\]\.billing: Invalid type: Expected \("prepaid" \| "monthly"\)/),
      expect.stringMatching(/^packages\[2\]\.texts\.en\.name: Invalid length/),
      expect.stringMatching(/^packages\[2\]\.image: An image is a path on the shop’s own site/),
      expect.stringMatching(/^packages\[3\]\.price: A price has at most two decimals/),
      expect.stringMatching(/^packages\[3\]\.colour: Invalid key/),
      expect.stringMatching(/^bundles\[0\]\.kind: Invalid type/),
      expect.stringMatching(/^bundles\[0\]\.amount: Invalid value/),
      expect.stringMatching(/^bundles\[1\]\.id: Invalid bundle id\.$/),
    ])
  })

  it('refuses an id given twice, at the second one, and a file that is not a catalogue at all', () => {
    expect(problemsOf({ version: 1, packages: [aPackage(1), aPackage(1)], bundles: [aBundle('sms-100'), aBundle('sms-100')] })).toEqual([
      'packages[1].id: 1 is already the id of packages[0].',
      'bundles[1].id: "sms-100" is already the id of bundles[0].',
    ])
    expect(problemsOf('a catalogue')).toEqual([expect.stringMatching(/^\(the whole file\): Invalid type: Expected Object/)])
    expect(problemsOf({ version: 2, packages: [], bundles: [] })).toEqual([expect.stringMatching(/^version: Invalid type: Expected 1/)])
    expect(problemsOf({ version: 1, packages: [aPackage(0, { position: 1.5, on_sale: 'yes' })] })).toEqual([
      expect.stringMatching(/^packages\[0\]\.id: Invalid value/),
      expect.stringMatching(/^packages\[0\]\.position: Invalid integer/),
      expect.stringMatching(/^packages\[0\]\.on_sale: Invalid type/),
      expect.stringMatching(/^bundles: Invalid (key|type)/),
    ])
  })
})
