import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IDBFactory } from 'fake-indexeddb'
import { DB_NAME } from '../../src/domain/storage.ts'

/** The device module afresh (it remembers its answer for the page's life), on a browser with its own IndexedDB. */
async function freshPage(cookie = '') {
  vi.resetModules()
  vi.stubGlobal('indexedDB', new IDBFactory())
  vi.stubGlobal('document', { cookie })
  const device = await import('../../src/lib/device.ts')
  const db = await import('../../src/store/db.ts')
  return { ...device, ...db }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

afterEach(async () => {
  const { closeStore } = await import('../../src/store/db.ts')
  await closeStore({ delete: true })
  vi.unstubAllGlobals()
})

describe('a new device', () => {
  beforeEach(() => vi.resetModules())

  it('is one with no database of the app and nobody signed in', async () => {
    const { isNewDevice } = await freshPage()
    expect(await isNewDevice()).toBe(true)
  })

  it('is not one once the app has a database there', async () => {
    const first = await freshPage()
    await first.openStore()
    const factory = globalThis.indexedDB
    vi.resetModules()
    vi.stubGlobal('indexedDB', factory)
    const { isNewDevice } = await import('../../src/lib/device.ts')
    expect((await factory.databases()).map((d) => d.name)).toContain(DB_NAME)
    expect(await isNewDevice()).toBe(false)
  })

  it('is not one when the server says a customer is signed in (the signed_in cookie)', async () => {
    const { isNewDevice } = await freshPage(`signed_in=${'a'.repeat(64)}`)
    expect(await isNewDevice()).toBe(false)
  })

  it('is not one where the browser cannot list its databases', async () => {
    vi.resetModules()
    vi.stubGlobal('indexedDB', { open: () => {} })
    vi.stubGlobal('document', { cookie: '' })
    const { isNewDevice } = await import('../../src/lib/device.ts')
    expect(await isNewDevice()).toBe(false)
  })
})

describe('work waiting for the device to be in use', () => {
  it('runs at once on a device that holds data', async () => {
    const first = await freshPage()
    await first.openStore()
    await first.closeStore()
    const factory = globalThis.indexedDB
    vi.resetModules()
    vi.stubGlobal('indexedDB', factory)
    const { whenDeviceInUse } = await import('../../src/lib/device.ts')
    const run = vi.fn()
    whenDeviceInUse(run)
    await settle()
    expect(run).toHaveBeenCalledOnce()
  })

  it('waits on a new device until its store opens, then runs once', async () => {
    const { whenDeviceInUse, openStore } = await freshPage()
    const run = vi.fn()
    whenDeviceInUse(run)
    await settle()
    expect(run).not.toHaveBeenCalled()
    await openStore()
    await openStore()
    expect(run).toHaveBeenCalledOnce()
  })

  it('runs when another tab opens the store (its message on the device channel)', async () => {
    const { whenDeviceInUse } = await freshPage()
    const run = vi.fn()
    whenDeviceInUse(run)
    await settle()
    const otherTab = new BroadcastChannel('storefront-device')
    otherTab.postMessage('opened')
    otherTab.close()
    await vi.waitFor(() => expect(run).toHaveBeenCalledOnce())
  })

  it('tells the other tabs when its store opens', async () => {
    const { openStore } = await freshPage()
    const otherTab = new BroadcastChannel('storefront-device')
    const heard = vi.fn()
    otherTab.onmessage = heard
    await openStore()
    await vi.waitFor(() => expect(heard).toHaveBeenCalledOnce())
    otherTab.close()
  })

  it('does not run once cancelled', async () => {
    const { whenDeviceInUse, openStore } = await freshPage()
    const run = vi.fn()
    const cancel = whenDeviceInUse(run)
    await settle()
    cancel()
    await openStore()
    expect(run).not.toHaveBeenCalled()
  })
})
