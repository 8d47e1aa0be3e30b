import { describe, expect, it } from 'vitest'
import { focusRing } from '../../src/domain/focusRing.ts'
import { staffFocusRing, staffTheme } from '../../src/staff/ui/theme.ts'
import { theme } from '../../src/ui/theme.ts'

describe("the staff app's colours", () => {
  it("are the storefront's, and so is its focus ring", () => {
    for (const [name, value] of Object.entries(staffTheme.color)) expect(value, name).toBe(theme.color[name as keyof typeof theme.color])
    for (const name of ['radius', 'shadow', 'touch'] as const) expect(staffTheme[name], name).toBe(theme[name])
    expect(staffFocusRing).toBe(focusRing)
  })
})
