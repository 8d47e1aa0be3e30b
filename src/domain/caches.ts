/** Cache names, shared by the page and the service worker, so a logout can drop the per-customer one. */
export const CACHES = {
  catalogue: 'catalogue-v1',
  translations: 'translations-v1',
  images: 'product-images-v1',
  customer: 'customer-reads-v1',
  legal: 'legal-pages-v1',
  /** The page's push settings for the worker (sw/push.ts): fallback texts and what a renewed subscription is stored with. */
  push: 'push-settings-v1',
} as const
