import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useCustomer } from '../../lib/sessionStore.ts'
import { Faqs } from '../../features/support/Faqs.tsx'
import { SupportContact } from '../../features/support/SupportContact.tsx'
import { Muted, Page } from '../../ui/Page.tsx'
import { styled } from '../../ui/styled.ts'

export const Route = createFileRoute('/_customer/support')({ staticData: { title: msg`Support` }, component: SupportPage })

const Columns = styled('div')`
  display: grid; gap: 16px; align-items: start; margin-top: 16px;
  > * { min-width: 0; }
  @media (min-width: 800px) { grid-template-columns: 3fr 2fr; }
`

/** /support: the Contact Us form (sent, and queued while offline) and the FAQs. */
function SupportPage() {
  const { customer } = useCustomer()
  return (
    <Page title={<Trans>Support</Trans>}>
      <Muted>
        <Trans>How can we assist you today?</Trans>
      </Muted>
      <Columns>
        {/* Keyed: another customer never inherits the form, its draft or its messages. */}
        <SupportContact key={customer.id} customer={customer} />
        <Faqs />
      </Columns>
    </Page>
  )
}
