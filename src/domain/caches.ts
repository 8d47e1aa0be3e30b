/** Cache names, shared by the page and the service worker, so a logout can drop the per-customer one. */
export const CACHES = {
  catalogue: 'catalogue-v1',
  translations: 'translations-v1',
  images: 'product-images-v1',
  customer: 'customer-reads-v1',
  legal: 'legal-pages-v1',
} as const
