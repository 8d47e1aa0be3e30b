import { Trans } from '@lingui/react/macro'
import { Muted } from '../../ui/Page.tsx'
import { Section } from '../../ui/Section.tsx'

/** The home page of a shop with no package on sale (a new install before its catalogue is loaded): never an empty grid. */
export function NothingOnSale() {
  return (
    <Section id="nothing-on-sale" title={<Trans>Nothing on sale yet</Trans>}>
      <Muted>
        <Trans>Our packages are on their way. Please come back soon.</Trans>
      </Muted>
    </Section>
  )
}
