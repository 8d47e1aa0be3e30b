import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { fetchInvoice } from '../../api/orders.ts'
import type { Invoice } from '../../domain/invoice.ts'
import { TaxInvoice } from '../../features/orders/TaxInvoice.tsx'
import { ApiError } from '../../api/client.ts'
import { translateMessage } from '../../lib/validationMessages.ts'
import { Muted, Page } from '../../ui/Page.tsx'
import { Spinner } from '../../ui/Spinner.tsx'

export const Route = createFileRoute('/_customer/orders_/$id/invoice')({ staticData: { title: msg`Tax invoice` }, component: InvoicePage })

function InvoicePage() {
  const { id } = Route.useParams()
  return <InvoiceScreen key={id} id={id} />
}

type Loaded = { invoice: Invoice } | { refused: string } | { offline: true }

/** Asked of the server each time: the invoice names the seller as configured now, and only a paid order of this customer has one. */
function InvoiceScreen({ id }: { id: string }) {
  const { i18n } = useLingui()
  const [loaded, setLoaded] = useState<Loaded>()
  useEffect(() => {
    let current = true
    fetchInvoice(id).then(
      (invoice) => current && setLoaded({ invoice }),
      (error: unknown) => current && setLoaded(error instanceof ApiError && error.status ? { refused: error.message } : { offline: true }),
    )
    return () => {
      current = false
    }
  }, [id])
  if (!loaded) return <Spinner />
  return (
    <Page title={<Trans>Tax invoice</Trans>}>
      {'invoice' in loaded ? (
        <TaxInvoice invoice={loaded.invoice} />
      ) : (
        <Muted role="alert">
          {'refused' in loaded ? translateMessage(i18n, loaded.refused) : <Trans>The invoice could not be loaded. Check your connection and try again.</Trans>}
        </Muted>
      )}
    </Page>
  )
}
