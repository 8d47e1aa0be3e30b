import { describe, expect, it } from 'vitest'
import type { Product } from '../../src/domain/product.ts'
import { firstPaintDataBlock, readFirstPaintCatalogue, type FirstPaintCatalogue } from '../../src/features/catalogue/firstPaint.ts'
import { catalogueView } from '../../src/features/catalogue/useCatalogue.ts'

const product = (id: number, unit_price: number, name = `Package ${id}`): Product => ({
  id,
  name,
  plan: '4G Uncapped',
  unit_price,
  speed: 'Up to 10Mbps',
  image: `/images/products/${id}.svg`,
})

/** The document the browser builds from a server page: only the data block matters here. */
const docWith = (block: string) =>
  ({
    getElementById: (id: string) => {
      const match = new RegExp(`<script type="application/json" id="${id}">([\\s\\S]*)</script>`).exec(block)
      return match ? { textContent: JSON.parse(`"${match[1]!.replace(/"/g, '\\"')}"`) as string } : null
    },
  }) as unknown as Document

describe('the catalogue a server page carries', () => {
  it('round-trips through the data block, with markup in a name unable to close the block', () => {
    const hostile = product(1, 299, '</script><script>alert(1)</script> 5G \u2028')
    const block = firstPaintDataBlock(JSON.stringify({ products: [hostile, product(2, 399)] }))
    expect(block.match(/<\/script>/g), 'only the block closes itself').toHaveLength(1)
    const read = readFirstPaintCatalogue(docWith(block), '2026-11-25T10:00:00.000Z')
    expect(read?.products).toEqual([hostile, product(2, 399)])
    expect(read?.fetchedAt).toBe('2026-11-25T10:00:00.000Z')
    // Where the page cannot tell when the server sent it, it is dated now.
    expect(Date.parse(readFirstPaintCatalogue(docWith(block))?.fetchedAt ?? '')).not.toBeNaN()
  })

  it('is absent from the app shell and ignored when it does not hold a valid catalogue', () => {
    expect(readFirstPaintCatalogue(docWith(''))).toBeUndefined()
    expect(readFirstPaintCatalogue(docWith(firstPaintDataBlock('{"products":[{"id":"x"}]}')))).toBeUndefined()
    expect(readFirstPaintCatalogue(docWith(firstPaintDataBlock('not json')))).toBeUndefined()
  })
})

describe('which catalogue the home page shows', () => {
  const retry = () => {}
  const page: FirstPaintCatalogue = { products: [product(1, 349)], fetchedAt: '2026-11-23T08:00:00.000Z' }
  const older = [product(1, 299)]

  it("shows the page's catalogue, not an older copy on the device with other prices", () => {
    const view = catalogueView(page, older, '2026-11-01T08:00:00.000Z', false, retry)
    expect(view).toEqual({ status: 'ready', products: page.products, fetchedAt: page.fetchedAt, refreshFailed: false })
  })

  it("hands over to the device's read model once it holds the page's catalogue or a newer one", () => {
    const saved = catalogueView(page, page.products, page.fetchedAt, false, retry)
    expect(saved).toEqual({ status: 'ready', products: page.products, fetchedAt: page.fetchedAt, refreshFailed: false })
    const newer = [product(1, 379)]
    expect(catalogueView(page, newer, '2026-11-23T09:00:00.000Z', false, retry)).toMatchObject({ products: newer })
  })

  it("without a server page (the worker's shell) it shows the device's copy, else loading, else the failure with retry", () => {
    expect(catalogueView(undefined, older, '2026-11-01T08:00:00.000Z', true, retry)).toEqual({
      status: 'ready',
      products: older,
      fetchedAt: '2026-11-01T08:00:00.000Z',
      refreshFailed: true,
    })
    expect(catalogueView(undefined, undefined, null, false, retry)).toEqual({ status: 'loading' })
    expect(catalogueView(undefined, [], null, true, retry)).toEqual({ status: 'failed', retry })
  })
})
