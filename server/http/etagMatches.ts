/**
 * Whether a request's If-None-Match holds `tag` (any tag it lists, or `*`): the comparison Hono's etag() middleware
 * makes, for answers built once with plain headers (etag() reads and rewrites the headers of every response).
 */
export const etagMatches = (ifNoneMatch: string | undefined, tag: string): boolean =>
  ifNoneMatch === '*' || (ifNoneMatch?.match(/"[^"]*"/g)?.some((t) => t === tag) ?? false)
