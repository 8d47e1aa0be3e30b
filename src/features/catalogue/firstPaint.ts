import { createContext, useContext } from 'react'
import * as v from 'valibot'
import { pageAnsweredAt } from '../../api/answeredAt.ts'
import { BootstrapSchema, type Product } from '../../domain/product.ts'
import { jsonDataBlock } from '../../domain/dataBlock.ts'

/** The id of the data block in which the server sends the live catalogue with a rendered page. */
export const firstPaintDataId = 'first-paint'

/** The catalogue that came with the page: the server rendered the cards from it, so hydration starts from it too. */
export interface FirstPaintCatalogue {
  products: Product[]
  /** When the server sent it (ISO time, by the server's clock). */
  fetchedAt: string
}

export const FirstPaintCatalogueContext = createContext<FirstPaintCatalogue | undefined>(undefined)

export const useFirstPaintCatalogue = () => useContext(FirstPaintCatalogueContext)

/** The data block of a server-rendered page (same shape as GET /v2/bootstrap), or undefined for the app shell. */
export function readFirstPaintCatalogue(doc: Document, fetchedAt = pageAnsweredAt()): FirstPaintCatalogue | undefined {
  const block = doc.getElementById(firstPaintDataId)
  if (!block?.textContent) return undefined
  try {
    const { products } = v.parse(BootstrapSchema, JSON.parse(block.textContent))
    return { products, fetchedAt }
  } catch {
    return undefined
  }
}

/** The page's data block: JSON made safe to sit inside <script> (no `</script>` or comment can close it early). */
export function firstPaintDataBlock(bootstrapJson: string): string {
  return jsonDataBlock(firstPaintDataId, bootstrapJson)
}
