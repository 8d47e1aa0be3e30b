/** The part of autocannon 9 (CommonJS, no bundled types) that load.ts uses. */
declare module 'autocannon' {
  export interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string | Buffer
    /** Rewrites each request before it is sent; autocannon rebuilds the raw bytes (and Content-Length) from the result. */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | undefined
  }
  export interface Options {
    url: string
    connections?: number
    /** Seconds. */
    duration?: number
    timeout?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: Request[]
  }
  export interface Histogram {
    average: number
    mean: number
    p50: number
    p99: number
    max: number
    total: number
  }
  export interface Result {
    requests: Histogram & { sent: number }
    latency: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
