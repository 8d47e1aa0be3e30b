import { describe, expect, it } from 'vitest'
import { setupI18n } from '@lingui/core'
import { focusRing } from '../../src/domain/focusRing.ts'
import { defaultThemeColours, theme } from '../../src/ui/theme.ts'
import { pageTitle } from '../../src/app/pageTitle.ts'

/** WCAG 2.2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }) as [number, number, number]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

// Every background a focused element sits on or is filled with: cards and dialogs, the page, the blue and red buttons,
// the offline and update banners.
const backgrounds = {
  surface: theme.color.surface,
  page: theme.color.page,
  brand: defaultThemeColours.brand,
  brandDark: defaultThemeColours.brandDark,
  error: theme.color.error,
  success: theme.color.success,
  offlineBanner: '#2b3447',
  updateBanner: '#e7f0fb',
}

describe('the focus ring', () => {
  it('has one tone of 3:1 or more against every background the app uses', () => {
    for (const [name, background] of Object.entries(backgrounds)) {
      const best = Math.max(contrast(theme.color.focus, background), contrast(theme.color.focusHalo, background))
      expect(best, name).toBeGreaterThanOrEqual(3)
    }
  })

  it('draws both tones: the dark ring and the light halo', () => {
    expect(focusRing).toContain(`outline: 3px solid ${theme.color.focus}`)
    expect(focusRing).toContain(theme.color.focusHalo)
  })
})

describe('the page title', () => {
  it("names the deepest route's page, then the shop, in the active language; the shop alone when no route names one", () => {
    const i18n = setupI18n({ locale: 'xh', messages: { xh: { cart: 'Inqwelo' } } })
    expect(pageTitle(i18n, [{ staticData: {} }, { staticData: { title: { id: 'cart', message: 'Cart' } } }], 'Seed Storefront')).toBe(
      'Inqwelo · Seed Storefront',
    )
    expect(pageTitle(i18n, [{ staticData: {} }], 'Seed Storefront')).toBe('Seed Storefront')
  })
})
