import { Trans } from '@lingui/react/macro'
import { Muted } from '../../ui/Page.tsx'

/**
 * The home page of a shop with no package on sale (a new install before its catalogue is loaded): never an empty grid.
 * Plain markup rather than ui/Section.tsx, which lives in a lazy pages' chunk: the home chunk stays the only one.
 */
export function NothingOnSale() {
  return (
    <section aria-labelledby="nothing-on-sale">
      <h2 id="nothing-on-sale">
        <Trans>Nothing on sale yet</Trans>
      </h2>
      <Muted>
        <Trans>Our packages are on their way. Please come back soon.</Trans>
      </Muted>
    </section>
  )
}
