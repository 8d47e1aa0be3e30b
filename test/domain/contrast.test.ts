import { describe, expect, it } from 'vitest'
import { contrastRatio, darker, relativeLuminance } from '../../src/domain/contrast.ts'
import { textOnTheme } from '../../src/domain/brand.ts'
import { focusColors } from '../../src/domain/focusRing.ts'

describe("WCAG 2's contrast of two colours", () => {
  it('measures the relative luminance from black (0) to white (1)', () => {
    expect(relativeLuminance('#000000')).toBe(0)
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10)
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10)
    // Mid grey is far darker than half, as the eye sees it.
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4)
  })

  it('gives 21:1 for black on white, 1:1 for a colour on itself, the same either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10)
    expect(contrastRatio('#0b4f9c', '#0b4f9c')).toBe(1)
    expect(contrastRatio('#ffffff', '#0b4f9c')).toBe(contrastRatio('#0b4f9c', '#ffffff'))
  })

  it('puts the AA line for text between the greys on either side of it', () => {
    // #767676 is the lightest grey that holds 4.5:1 on white; #777777 falls just short.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5)
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5)
    expect(contrastRatio('#0b4f9c', textOnTheme)).toBeCloseTo(8.04, 2)
  })

  it('darkens a colour towards black, never past it', () => {
    expect(darker('#0b4f9c', 0.25)).toBe('#083b75')
    expect(darker('#ffffff', 1)).toBe('#000000')
    expect(relativeLuminance(darker('#c0392b', 0.25))).toBeLessThan(relativeLuminance('#c0392b'))
  })

  it('keeps the focus ring at 3:1 on any theme colour white text holds 4.5:1 on, and on its darker shade', () => {
    // Theme colours near the line, in several hues: the ring's light halo still holds on each.
    for (const theme of ['#767676', '#d6001c', '#007a3d', '#0069c2', '#8a5a00']) {
      expect(contrastRatio(theme, textOnTheme), theme).toBeGreaterThanOrEqual(4.5)
      for (const background of [theme, darker(theme, 0.25)]) {
        const best = Math.max(contrastRatio(focusColors.ring, background), contrastRatio(focusColors.halo, background))
        expect(best, background).toBeGreaterThanOrEqual(3)
      }
    }
  })
})
