import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { expectImagesLoaded, useBrowser } from './browser.ts'
import {
  addFirstProducts,
  addToCart,
  cartLines,
  expectBadge,
  openCart,
  openHome,
  proceedToOrder,
  readCards,
  readLines,
  storedLines,
  summaryItemCount,
  summaryTotal,
  type CardInfo,
  pictures,
} from './storefront.ts'

const session = useBrowser()

/** Fills the cart with the first two products from the home page and opens /cart. */
async function cartWithTwoLines(page: Page): Promise<CardInfo[]> {
  await openHome(page)
  const added = await addFirstProducts(page, 2)
  await expectBadge(page, 2)
  await openCart(page)
  await cartLines(page).nth(1).waitFor()
  return added
}

const sum = (items: { price: number }[]) => items.reduce((total, item) => total + item.price, 0)

describe('cart', () => {
  test('the cart lists each added line with its price, the number of items and the total R{sum}', async () => {
    const page = await session.page()
    const added = await cartWithTwoLines(page)

    const lines = await readLines(page)
    expect(lines.map((l) => ({ name: l.name, price: l.price }))).toEqual(added.map((a) => ({ name: a.name, price: a.price })))
    for (const line of added) expect(await cartLines(page).getByText(line.name, { exact: true }).isVisible(), line.name).toBe(true)
    await expectImagesLoaded(pictures(cartLines(page)))

    expect(await summaryItemCount(page)).toBe(2)
    expect(await summaryTotal(page)).toBe(sum(added))
    expect(await proceedToOrder(page).isEnabled(), '"proceed to order" with lines').toBe(true)
    expect(await page.getByRole('link', { name: 'add more' }).getAttribute('href')).toBe('/')
    expect(session.problems.errors, 'errors in the page').toEqual([])
  })

  test('renaming a line keeps the new friendly name after a reload', async () => {
    const page = await session.page()
    const [first, second] = await cartWithTwoLines(page)
    if (!first || !second) throw new Error('two products expected')

    const before = (await readLines(page)).map((l) => l.friendlyName)
    const box = page.getByRole('textbox', { name: `Friendly name for ${first.name}` })
    await box.fill('Gran’s house in Khayelitsha')
    await box.press('Tab')
    // The rename is confirmed by nothing on screen (the box shows what was typed): wait until the device stored it.
    await expect
      .poll(async () => (await storedLines(page)).find((l) => l.name === first.name)?.friendlyName, { message: 'friendly name stored on the device' })
      .toBe('Gran’s house in Khayelitsha')

    await page.reload()
    await cartLines(page).nth(1).waitFor()
    const after = await readLines(page)
    expect(after.find((l) => l.name === first.name)?.friendlyName).toBe('Gran’s house in Khayelitsha')
    expect(after.find((l) => l.name === second.name)?.friendlyName, 'the other line keeps its name').toBe(before[1])
    expect(after).toHaveLength(2)
  })

  test('removing a line updates the number of items and the total', async () => {
    const page = await session.page()
    const [first, second] = await cartWithTwoLines(page)
    if (!first || !second) throw new Error('two products expected')
    expect(await summaryTotal(page)).toBe(first.price + second.price)

    await page.getByRole('button', { name: `Remove ${first.name}` }).click()
    await expect.poll(() => cartLines(page).count(), { message: 'lines after removing one' }).toBe(1)
    expect((await readLines(page)).map((l) => l.name)).toEqual([second.name])
    expect(await summaryItemCount(page)).toBe(1)
    expect(await summaryTotal(page)).toBe(second.price)
    await expectBadge(page, 1)
  })

  test('removing every line shows "your cart is empty" with "continue shopping" and a disabled "proceed to order"', async () => {
    const page = await session.page()
    const added = await cartWithTwoLines(page)

    for (const line of added) await page.getByRole('button', { name: `Remove ${line.name}` }).click()
    await page.getByText('your cart is empty').waitFor()
    expect(await cartLines(page).count()).toBe(0)
    expect(await summaryItemCount(page)).toBe(0)
    expect(await summaryTotal(page)).toBe(0)
    expect(await proceedToOrder(page).isDisabled(), '"proceed to order" when empty').toBe(true)
    await expectBadge(page, 0)

    const continueShopping = page.getByRole('link', { name: 'continue shopping' }).or(page.getByRole('button', { name: 'continue shopping' }))
    await continueShopping.click()
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByRole('heading', { name: 'Product Packages' }).waitFor()
  })

  test('a reload keeps the cart', async () => {
    const page = await session.page()
    // The lines show only once they are stored (docs/features.md, "Confirmed means stored"): reload at once.
    const added = await cartWithTwoLines(page)

    await page.reload()
    await cartLines(page).nth(1).waitFor()
    expect((await readLines(page)).map((l) => l.name)).toEqual(added.map((a) => a.name))
    expect(await summaryTotal(page)).toBe(sum(added))
    await expectBadge(page, 2)

    // A cold start on another route restores it too.
    await page.goto('/')
    await expectBadge(page, 2)
  })

  test('a second tab sees a line added and removed in the first without reloading', async () => {
    const context = await session.context()
    const shop = await session.page()
    await openHome(shop)
    const other = await context.newPage()
    await openCart(other)
    await other.getByText('your cart is empty').waitFor()

    const [product] = await readCards(shop)
    if (!product) throw new Error('no product on the home page')
    await addToCart(shop, product.name)
    await expectBadge(shop, 1)

    // The second tab was not reloaded: its line list, summary and badge follow the first tab.
    await cartLines(other).first().waitFor({ timeout: 10_000 })
    expect((await readLines(other)).map((l) => l.name)).toEqual([product.name])
    expect(await summaryTotal(other)).toBe(product.price)
    await expectBadge(other, 1)

    // And back: removing in the cart tab empties the badge of the shop tab.
    await other.getByRole('button', { name: `Remove ${product.name}` }).click()
    await expectBadge(shop, 0)
  })
})
