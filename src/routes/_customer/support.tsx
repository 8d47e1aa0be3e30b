import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useCustomer } from '../../lib/sessionStore.ts'
import { Faqs } from '../../features/support/Faqs.tsx'
import { SupportContact } from '../../features/support/SupportContact.tsx'
import { Conversations } from '../../features/support/Conversations.tsx'
import { Muted, Page } from '../../ui/Page.tsx'
import { styled } from '../../ui/styled.ts'

export const Route = createFileRoute('/_customer/support')({ staticData: { title: msg`Support` }, component: SupportPage })

const Stack = styled('div')`
  display: grid; gap: 16px; align-content: start;
`

const Columns = styled('div')`
  display: grid; gap: 16px; align-items: start; margin-top: 16px;
  > * { min-width: 0; }
  @media (min-width: 800px) { grid-template-columns: 3fr 2fr; }
`

/** /support: the customer's conversations with the team (answered offline too), the Contact Us form (queued while offline) and the FAQs. */
function SupportPage() {
  const { customer } = useCustomer()
  return (
    <Page title={<Trans>Support</Trans>}>
      <Muted>
        <Trans>How can we assist you today?</Trans>
      </Muted>
      <Columns>
        {/* Keyed: another customer never inherits the form, its draft or its messages. */}
        <Stack>
          <Conversations key={`conversations-${customer.id}`} customer={customer} />
          <SupportContact key={customer.id} customer={customer} />
        </Stack>
        <Faqs />
      </Columns>
    </Page>
  )
}
