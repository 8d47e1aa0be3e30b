import { hostname } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { nameThisInstance } from '../../server/config.ts'
import { lineWriter } from '../../server/log.ts'
import { release, releaseName, thisInstance } from '../../server/release.ts'
import { captureLog } from './helpers/logCapture.ts'

const fields = { reqId: 'edge-42', client: '203.0.113.9', method: 'GET', route: '/api/v2/bootstrap', status: 200, durationMs: 0.4 }

describe('every log line names its process, release and instance', () => {
  afterEach(() => nameThisInstance({}))

  it('carries pid, release (version+commit) and instance (host:pid unless INSTANCE_NAME names it), on lines of children too', () => {
    const logged = captureLog('info')
    logged.log.info('one')
    logged.log.child({ module: 'mail' }).warn({ n: 1 }, 'two')
    const expected = { pid: process.pid, release: releaseName(), instance: `${hostname()}:${process.pid}` }
    expect(logged.entries()).toEqual([
      expect.objectContaining({ ...expected, msg: 'one' }),
      expect.objectContaining({ ...expected, module: 'mail', msg: 'two' }),
    ])
    expect(releaseName()).toBe(`${release.version}+${release.commit.slice(0, 7)}`)
  })

  it('names the instance from INSTANCE_NAME when read before the logger is made, as a process start does', () => {
    nameThisInstance({ INSTANCE_NAME: 'web-1' })
    const logged = captureLog('info')
    logged.log.info('first')
    expect(logged.entries()[0]).toMatchObject({ instance: 'web-1', release: releaseName(), msg: 'first' })
    expect(thisInstance()).toBe('web-1')
  })

  it('is on the access line too, which lineWriter builds without pino: the same fields, in the same place, scrubbed as every line is', () => {
    nameThisInstance({ INSTANCE_NAME: 'web-2' })
    const logged = captureLog('info')
    lineWriter(logged.log)('info', fields, 'request')
    lineWriter(logged.log.child({ module: 'http' }))('info', { ...fields, reqId: '4111 1111 1111 1111' }, 'request')
    const [plain, child] = logged.lines
    expect(plain).toMatch(/^\{"level":30,"time":"[^"]+","pid":\d+,"release":"[^"]+","instance":"web-2","reqId":"edge-42","client":"203\.0\.113\.9",/)
    expect(JSON.parse(child!)).toMatchObject({ release: releaseName(), instance: 'web-2', module: 'http', reqId: '[number]' })
  })
})
