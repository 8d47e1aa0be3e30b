import { useCallback, useEffect, useState } from 'react'
import type { Product } from '../../domain/product.ts'
import { saveCatalogue } from '../../store/catalogue.ts'
import { readCatalogue, readCatalogueFetchedAt } from '../../store/queries.ts'
import { useLiveRead } from '../../store/useLiveRead.ts'
import { useFirstPaintCatalogue, type FirstPaintCatalogue } from './firstPaint.ts'

export type CatalogueView =
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'ready'; products: Product[]; fetchedAt: string | null; refreshFailed: boolean }

// One refresh per app start (and per retry); the cached read model shows meanwhile.
let refreshing: Promise<void> | undefined

function refresh(firstPaint: FirstPaintCatalogue | undefined): Promise<void> {
  // A server-rendered page brought the live catalogue along: keeping it is the refresh, no second request.
  refreshing ??= (
    firstPaint
      ? saveCatalogue(firstPaint.products, firstPaint.fetchedAt)
      : // The network client loads after the first paint, which the read model serves.
        import('../../api/catalogue.ts')
          .then(({ fetchCatalogue }) => fetchCatalogue())
          .then(({ body, fetchedAt }) => saveCatalogue(body, fetchedAt))
  ).catch((error: unknown) => {
    refreshing = undefined
    throw error
  })
  return refreshing
}

/**
 * The catalogue from the device's read model at once, refreshed from the server in the background. A
 * server-rendered page starts from the catalogue it came with (what the server drew), and the read model takes
 * over once it holds that catalogue or a newer one, so an older copy on the device never shows its prices.
 */
export function useCatalogue(): CatalogueView {
  const firstPaint = useFirstPaintCatalogue()
  const cached = useLiveRead(readCatalogue)
  const fetchedAt = useLiveRead(readCatalogueFetchedAt) ?? null
  const [failed, setFailed] = useState(false)

  const load = useCallback(() => {
    setFailed(false)
    refresh(firstPaint).catch(() => setFailed(true))
  }, [firstPaint])
  useEffect(load, [load])

  return catalogueView(firstPaint, cached, fetchedAt, failed, load)
}

/**
 * What the home page shows: the device's catalogue once it is at least as new as the one the page came with
 * (or there is none), else the page's own; with neither, loading or failed.
 */
export function catalogueView(
  firstPaint: FirstPaintCatalogue | undefined,
  cached: Product[] | undefined,
  fetchedAt: string | null,
  failed: boolean,
  retry: () => void,
): CatalogueView {
  const cacheIsCurrent = !firstPaint || (fetchedAt !== null && fetchedAt >= firstPaint.fetchedAt)
  if (cached && cached.length > 0 && cacheIsCurrent) return { status: 'ready', products: cached, fetchedAt, refreshFailed: failed }
  // A failed save of the page's own catalogue (storage full, private mode) still leaves it on screen.
  if (firstPaint) return { status: 'ready', products: firstPaint.products, fetchedAt: firstPaint.fetchedAt, refreshFailed: false }
  if (failed) return { status: 'failed', retry }
  return { status: 'loading' }
}
