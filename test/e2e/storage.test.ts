import { describe, expect, test } from 'vitest'
import { useBrowser } from './browser.ts'
import { addFirstProducts, expectBadge, openHome } from './storefront.ts'

const session = useBrowser()

describe('when the browser refuses to store data', () => {
  test('the app says so plainly and the cart keeps working in memory', async () => {
    const context = await session.context()
    // As in some private windows: no IndexedDB at all.
    await context.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', { configurable: true, get: () => undefined })
    })
    const page = await session.page()
    await openHome(page)

    await expect.poll(() => page.getByRole('status').filter({ hasText: 'This browser is not saving data right now.' }).count()).toBe(1)
    await addFirstProducts(page, 2)
    await expectBadge(page, 2)
  })
})
