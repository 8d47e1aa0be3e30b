/**
 * Which request paths name files rather than app routes, shared by the server's SPA fallback and the service
 * worker's navigation rule. A dot in the last segment means a file, except where the segment is a payment
 * provider's checkout id, which carries one ("8AC7….uat01-vm-tx04").
 */
const PROVIDER_ID_ROUTE = /^\/payment_(widget|status)\/[^/.][^/]*$/

export function looksLikeFile(path: string): boolean {
  if (PROVIDER_ID_ROUTE.test(path)) return false
  return (path.split('/').pop() ?? '').includes('.')
}
