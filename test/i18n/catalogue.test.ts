import { describe, expect, it } from 'vitest'
import { getConfig } from '@lingui/conf'
import { getCatalogs } from '@lingui/cli/api'

describe('the English catalogue', () => {
  it('holds every message the source code uses (run `npm run i18n:extract` when this fails)', async () => {
    const config = getConfig()
    for (const catalog of await getCatalogs(config)) {
      const used = await catalog.collect()
      const english = await catalog.read('en')
      const missing = Object.keys(used ?? {}).filter((id) => !english?.[id]?.translation)
      expect(missing.map((id) => used?.[id]?.message ?? id)).toEqual([])
    }
  }, 60_000)
})
