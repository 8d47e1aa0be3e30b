import { describe, expect, test } from 'vitest'
import { expectImagesLoaded, useBrowser } from './browser.ts'
import { addFirstProducts, badgeCount, cartLink, expectBadge, openHome, pictures, productCards, productHeading, readCards } from './storefront.ts'

const session = useBrowser()

describe('home page', () => {
  test('the home page shows "Product Packages" with named product cards priced R{price} p/m and loaded images', async () => {
    const page = await session.page()
    await openHome(page)

    expect(await productHeading(page).isVisible()).toBe(true)
    const cards = await readCards(page)
    expect(cards.length, 'product cards').toBeGreaterThanOrEqual(2)
    for (const card of cards) {
      expect(card.name, 'product name').toMatch(/\S{2,}/)
      expect(card.priceText, `price of ${card.name}`).toMatch(/^R\d[\d\s\u00a0\u202f]*(\.\d\d)? p\/m$/)
      expect(card.price, `price of ${card.name}`).toBeGreaterThan(0)
    }
    expect(new Set(cards.map((c) => c.name)).size, 'distinct product names').toBe(cards.length)

    const images = pictures(productCards(page))
    expect(await images.count(), 'one image per card').toBe(cards.length)
    await expectImagesLoaded(images)

    expect(
      await page
        .getByRole('link', { name: 'proceed to cart' })
        .or(page.getByRole('button', { name: 'proceed to cart' }))
        .isVisible(),
    ).toBe(true)
    expect(session.problems.errors, 'errors in the page').toEqual([])
  })

  test('adding two products gives a cart badge of 2 and the toast "added to cart"', async () => {
    const page = await session.page()
    await openHome(page)
    expect(await cartLink(page).getAttribute('aria-label'), 'cart link before adding').toBe('Cart')
    expect(await badgeCount(page), 'badge before adding').toBe(0)

    const added = await addFirstProducts(page, 2)
    expect(added[0]?.name).not.toBe(added[1]?.name)

    const toast = page.getByRole('status').filter({ hasText: 'added to cart' })
    await toast.first().waitFor({ state: 'visible' })
    expect((await toast.first().textContent())?.trim()).toMatch(/^added to cart/)

    await expectBadge(page, 2)
    expect(await cartLink(page).getAttribute('aria-label')).toBe('Cart, 2 items')
    expect((await cartLink(page).innerText()).trim(), 'visible badge').toBe('2')
    expect(session.problems.errors, 'errors in the page').toEqual([])
  })
})
