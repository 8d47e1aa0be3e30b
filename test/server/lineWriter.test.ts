import { describe, expect, it } from 'vitest'
import { createLogger, lineWriter } from '../../server/log.ts'
import type { DestinationStream } from '../../server/log.ts'

/** A logger whose lines are kept as written. */
function keptLogger(level: 'debug' | 'info' | 'warn' = 'info') {
  const lines: string[] = []
  const destination: DestinationStream = { write: (line: string) => void lines.push(line) }
  return { logger: createLogger({ level, destination }), lines }
}

const sameMillisecond = (line: string) => line.replace(/"time":"[^"]+"/, '"time":"T"')

describe('the access line writer', () => {
  const fields = { reqId: 'edge-42', traceId: undefined, method: 'GET', route: '/api/v2/bootstrap', status: 200, durationMs: 0.4, aborted: undefined }

  it('writes byte for byte the line the logger writes for the same fields, bindings of a child included', () => {
    for (const bindings of [undefined, { module: 'http' }]) {
      const { logger, lines } = keptLogger()
      const log = bindings ? logger.child(bindings) : logger
      log.info(fields, 'request')
      lineWriter(log)('info', fields, 'request')
      lineWriter(log)('error', { ...fields, status: 500, aborted: true }, 'request')
      log.error({ ...fields, status: 500, aborted: true }, 'request')
      expect(lines).toHaveLength(4)
      expect(sameMillisecond(lines[1]!)).toBe(sameMillisecond(lines[0]!))
      expect(sameMillisecond(lines[2]!)).toBe(sameMillisecond(lines[3]!))
      expect(JSON.parse(lines[1]!)).toMatchObject({ level: 30, pid: process.pid, reqId: 'edge-42', status: 200, msg: 'request', ...bindings })
      expect(lines[1]).not.toContain('traceId')
    }
  })

  it('keeps to the logger’s level and scrubs what looks like a card or ID number, as every line is', () => {
    const { logger, lines } = keptLogger('warn')
    lineWriter(logger)('info', fields, 'request')
    lineWriter(logger)('debug', fields, 'request')
    expect(lines).toEqual([])
    lineWriter(logger)('error', { ...fields, reqId: '4111111111111111' }, 'request')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('"reqId":"[number]"')
  })
})
