import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../../../server/server.ts'
import { screenshot, useBrowser } from '../browser.ts'
import { startOwnServer } from '../ownServer.ts'
import { staffOrigin, staffPage } from './staffBrowser.ts'

const session = useBrowser()
let server: RunningServer

beforeAll(async () => {
  server = await startOwnServer()
})
afterAll(async () => {
  await server?.close()
})

describe('the staff app: an owner and the team', () => {
  it('an owner accepts the invite with a passkey, signs out and signs in again with it', async () => {
    const page = await staffPage(server, 'owner', session, { name: 'Olwethu Owner' })
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Olwethu Owner')
    await screenshot(page, 'staff-home')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect.poll(() => page.url()).toBe(`${staffOrigin(server)}/staff/sign-in`)
    await screenshot(page, 'staff-sign-in')
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect.poll(() => page.url()).toBe(`${staffOrigin(server)}/staff`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Olwethu Owner')
  })
})
