import { describe, expect, it } from 'vitest'
import { forgetPortalAnswers, savePortalAnswer } from '../../src/store/portalCache.ts'
import { readCachedBilling, readCachedService, readCachedServices } from '../../src/store/portalQueries.ts'
import { billRow, monthly, prepaid } from '../fixtures/portal.ts'
import { freshDb } from './fixtures.ts'

const at = '2026-11-22T10:00:00.000Z'

describe('the cache of portal answers', () => {
  it('reads nothing before anything was fetched', async () => {
    const store = await freshDb()
    expect(await readCachedServices(1, store)).toBeNull()
    expect(await readCachedService(1, '1', store)).toBeNull()
    expect(await readCachedBilling(1, store)).toBeNull()
  })

  it('keeps each answer with the time the server made it, for "Last updated" offline', async () => {
    const store = await freshDb()
    await savePortalAnswer(7, { kind: 'services', body: [prepaid(), monthly()] }, at, store)
    await savePortalAnswer(7, { kind: 'billing', body: [billRow()] }, at, store)
    expect(await readCachedServices(7, store)).toEqual({ value: [prepaid(), monthly()], fetchedAt: at })
    expect(await readCachedBilling(7, store)).toEqual({ value: [billRow()], fetchedAt: at })
  })

  it('replaces an answer with the newer one', async () => {
    const store = await freshDb()
    await savePortalAnswer(7, { kind: 'services', body: [prepaid(), monthly()] }, at, store)
    await savePortalAnswer(7, { kind: 'services', body: [monthly()] }, '2026-11-23T08:00:00.000Z', store)
    expect(await readCachedServices(7, store)).toEqual({ value: [monthly()], fetchedAt: '2026-11-23T08:00:00.000Z' })
  })

  it('shows one service from its own answer, else from the cached list', async () => {
    const store = await freshDb()
    await savePortalAnswer(7, { kind: 'services', body: [prepaid({ name: 'From the list' })] }, at, store)
    expect((await readCachedService(7, '1', store))?.value.name).toBe('From the list')
    await savePortalAnswer(7, { kind: 'service', body: prepaid({ name: 'Its own' }) }, '2026-11-23T08:00:00.000Z', store)
    expect(await readCachedService(7, '1', store)).toEqual({ value: prepaid({ name: 'Its own' }), fetchedAt: '2026-11-23T08:00:00.000Z' })
    expect(await readCachedService(7, '2', store)).toBeNull()
  })

  it('never shows one customer another customer’s services or bills', async () => {
    const store = await freshDb()
    await savePortalAnswer(7, { kind: 'services', body: [prepaid()] }, at, store)
    await savePortalAnswer(7, { kind: 'service', body: monthly() }, at, store)
    await savePortalAnswer(7, { kind: 'billing', body: [billRow()] }, at, store)
    expect(await readCachedServices(8, store)).toBeNull()
    expect(await readCachedService(8, '1', store)).toBeNull()
    expect(await readCachedService(8, '2', store)).toBeNull()
    expect(await readCachedBilling(8, store)).toBeNull()
  })

  it('reads a row saved in another shape (an older app version) as nothing', async () => {
    const store = await freshDb()
    await store.portalCache.put({ key: '7:billing', customerId: 7, kind: 'billing', body: [{ reference: 1 }] as never, fetchedAt: at })
    expect(await readCachedBilling(7, store)).toBeNull()
  })

  it('leaves the device at logout', async () => {
    const store = await freshDb()
    await savePortalAnswer(7, { kind: 'services', body: [prepaid()] }, at, store)
    await savePortalAnswer(8, { kind: 'billing', body: [billRow()] }, at, store)
    await forgetPortalAnswers(store)
    expect(await store.portalCache.count()).toBe(0)
  })
})
