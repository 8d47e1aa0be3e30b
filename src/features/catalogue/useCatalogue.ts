import { useCallback, useEffect, useState } from 'react'
import type { Product } from '../../domain/product.ts'
import { saveCatalogue } from '../../store/catalogue.ts'
import { readCatalogue, readCatalogueFetchedAt } from '../../store/queries.ts'
import { useLiveRead } from '../../store/useLiveRead.ts'

export type CatalogueView =
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'ready'; products: Product[]; fetchedAt: string | null; refreshFailed: boolean }

// One refresh per app start (and per retry); the cached read model shows meanwhile.
let refreshing: Promise<void> | undefined

function refresh(): Promise<void> {
  // The network client loads after the first paint, which the read model serves.
  refreshing ??= import('../../api/catalogue.ts')
    .then(({ fetchCatalogue }) => fetchCatalogue())
    .then((products) => saveCatalogue(products, new Date().toISOString()))
    .catch((error: unknown) => {
      refreshing = undefined
      throw error
    })
  return refreshing
}

/** The catalogue from the device's read model at once, refreshed from the server in the background. */
export function useCatalogue(): CatalogueView {
  const cached = useLiveRead(readCatalogue)
  const fetchedAt = useLiveRead(readCatalogueFetchedAt) ?? null
  const [failed, setFailed] = useState(false)

  const load = useCallback(() => {
    setFailed(false)
    refresh().catch(() => setFailed(true))
  }, [])
  useEffect(load, [load])

  if (cached && cached.length > 0) return { status: 'ready', products: cached, fetchedAt, refreshFailed: failed }
  if (failed) return { status: 'failed', retry: load }
  return { status: 'loading' }
}
