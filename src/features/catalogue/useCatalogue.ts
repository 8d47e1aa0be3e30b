import { useCallback, useEffect, useState } from 'react'
import type { Product } from '../../domain/product.ts'
import { whenDeviceInUse } from '../../lib/device.ts'
import { whenIdle } from '../../lib/idle.ts'
import type { CachedCatalogue } from './cachedCatalogue.ts'
import { useFirstPaintCatalogue, type FirstPaintCatalogue } from './firstPaint.ts'

export type CatalogueView =
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'ready'; products: Product[]; fetchedAt: string | null; refreshFailed: boolean }

// The device's store (Dexie) is not part of the first paint's JS: a page the server rendered shows the catalogue it
// came with and reaches for the store once the page is idle; the app shell, which has nothing else to show, at once.
const cachedCatalogue = () => import('./cachedCatalogue.ts')

// One refresh per app start (and per retry); the cached read model shows meanwhile.
let refreshing: Promise<void> | undefined

function refresh(firstPaint: FirstPaintCatalogue | undefined): Promise<void> {
  // A server-rendered page brought the live catalogue along: keeping it is the refresh, no second request.
  refreshing ??= (
    firstPaint
      ? cachedCatalogue().then(({ saveCatalogue }) => saveCatalogue(firstPaint.products, firstPaint.fetchedAt))
      : // The network client loads after the first paint, which the read model serves.
        Promise.all([import('../../api/productCatalogue.ts'), cachedCatalogue()]).then(async ([{ fetchCatalogue }, { saveCatalogue }]) => {
          const { body, fetchedAt } = await fetchCatalogue()
          await saveCatalogue(body, fetchedAt)
        })
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
  const cached = useCachedCatalogue(firstPaint !== undefined)
  const [failed, setFailed] = useState(false)

  const load = useCallback(() => {
    setFailed(false)
    refresh(firstPaint).catch(() => setFailed(true))
  }, [firstPaint])
  // A new device keeps the page's catalogue once it keeps anything (the worker has cached it for offline meanwhile).
  useEffect(() => (firstPaint ? whenIdleAndInUse(load) : load()), [firstPaint, load])

  return catalogueView(firstPaint, cached?.products, cached?.fetchedAt ?? null, failed, load)
}

/** The catalogue read model, followed from when the page is idle (`whenPageIdle`) or at once; undefined until read. */
function useCachedCatalogue(whenPageIdle: boolean): CachedCatalogue | undefined {
  const [cached, setCached] = useState<CachedCatalogue>()
  useEffect(() => {
    let stop: (() => void) | undefined
    let unmounted = false
    // A store that cannot load leaves the page's own catalogue, or the refresh's answer, on screen.
    const follow = () =>
      void cachedCatalogue().then(
        ({ followCachedCatalogue }) => {
          if (!unmounted) stop = followCachedCatalogue(setCached)
        },
        () => {},
      )
    let cancel: (() => void) | undefined
    if (whenPageIdle) cancel = whenIdleAndInUse(follow)
    else follow()
    return () => {
      unmounted = true
      cancel?.()
      stop?.()
    }
  }, [whenPageIdle])
  return cached
}

/** Runs `run` once the page is idle and the device's store in use (src/lib/device.ts); the returned function cancels. */
function whenIdleAndInUse(run: () => void): () => void {
  let cancelInUse = () => {}
  const cancelIdle = whenIdle(() => {
    cancelInUse = whenDeviceInUse(run)
  })
  return () => {
    cancelIdle()
    cancelInUse()
  }
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
  // A fetched catalogue may be empty (nothing on sale yet); an unfetched one is empty too, but has no time.
  if (cached && (cached.length > 0 || fetchedAt !== null) && cacheIsCurrent) return { status: 'ready', products: cached, fetchedAt, refreshFailed: failed }
  // A failed save of the page's own catalogue (storage full, private mode) still leaves it on screen.
  if (firstPaint) return { status: 'ready', products: firstPaint.products, fetchedAt: firstPaint.fetchedAt, refreshFailed: false }
  if (failed) return { status: 'failed', retry }
  return { status: 'loading' }
}
