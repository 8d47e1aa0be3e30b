import { describe, expect, test } from 'vitest'
import { DESKTOP, MOBILE, expectImagesLoaded, horizontalOverflow, screenshot, useBrowser } from './browser.ts'
import { addFirstProducts, cartLines, expectBadge, openCart, openHome, pictures, productCards } from './storefront.ts'

const session = useBrowser()

for (const [label, viewport] of [
  ['360', MOBILE],
  ['1280', DESKTOP],
] as const) {
  describe(`screens at ${viewport.width}x${viewport.height}`, () => {
    test(`the home page and the cart with two lines fit ${viewport.width} px without sideways scrolling`, async () => {
      const page = await session.page({ viewport })
      await openHome(page)
      await expectImagesLoaded(pictures(productCards(page)))
      await page.evaluate(() => window.scrollTo(0, 0))
      expect(await horizontalOverflow(page), 'home: horizontal overflow in px').toBe(0)
      console.log(`[e2e] ${await screenshot(page, `home-${label}`)}`)

      await addFirstProducts(page, 2)
      await expectBadge(page, 2)
      await openCart(page)
      await cartLines(page).nth(1).waitFor()
      await expectImagesLoaded(pictures(cartLines(page)))
      expect(await horizontalOverflow(page), 'cart: horizontal overflow in px').toBe(0)
      console.log(`[e2e] ${await screenshot(page, `cart-${label}`)}`)
    })
  })
}
