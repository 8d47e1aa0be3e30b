import { useId, useState, type ComponentProps } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatDate } from '../../../domain/dates.ts'
import { linkedProviderNames, type LinkedSignIn } from '../../../domain/linkedSignIns.ts'
import { usePwa } from '../../../pwa/state.ts'
import { Button } from '../../../ui/Button.tsx'
import { FormError } from '../../../ui/forms/FormError.tsx'
import { LastUpdated } from '../../../ui/LastUpdated.tsx'
import { Card, Muted } from '../../../ui/Page.tsx'
import { Section } from '../../../ui/Section.tsx'
import { Table, type Column } from '../../../ui/Table.tsx'
import { RemoveSignInForm } from './RemoveSignInForm.tsx'
import { useLinkedSignIns } from './useLinkedSignIns.ts'

const keyOf = (s: LinkedSignIn) => `${s.provider}:${s.subject}`

// Focus returns here once a removal ends, so a keyboard user is not left on a button that is gone.
const FocusableHeading = (props: ComponentProps<'h2'>) => <h2 tabIndex={-1} {...props} />

/** On /profile: the Google, Facebook or Twitter accounts that sign in to this one, each removable by its owner. */
export function LinkedSignInsCard({ customerId, offline }: { customerId: number; offline: boolean }) {
  const { t, i18n } = useLingui()
  const heading = useId()
  // Shown from the device's memory, or the browser says the network is gone: removing needs the server.
  const { online } = usePwa()
  const needsConnection = offline || !online
  const { state, replace } = useLinkedSignIns(customerId, online)
  const [removing, setRemoving] = useState<string | null>(null)
  const when = (at: string | null) => (at ? formatDate(at, i18n.locale, 'moment') : t`Not yet`)
  const backToHeading = () => requestAnimationFrame(() => document.getElementById(heading)?.focus())

  const columns: Column<LinkedSignIn>[] = [
    { header: t`Provider`, cell: (s) => linkedProviderNames[s.provider] },
    { header: t`Email`, cell: (s) => s.email ?? t`Not recorded` },
    { header: t`Linked`, cell: (s) => when(s.linked_at), nowrap: true },
    { header: t`Last used`, cell: (s) => when(s.last_used_at), nowrap: true },
    {
      header: t`Remove`,
      hidden: true,
      cell: (s) => {
        const name = linkedProviderNames[s.provider]
        const email = s.email
        return (
          <Button
            type="button"
            $variant="secondary"
            disabled={needsConnection}
            aria-expanded={removing === keyOf(s)}
            aria-label={email ? t`Remove the ${name} sign-in of ${email}` : t`Remove the ${name} sign-in`}
            onClick={() => setRemoving(keyOf(s))}
          >
            <Trans>Remove</Trans>
          </Button>
        )
      },
    },
  ]

  const shown = state.kind === 'shown' ? state : null
  const chosen = shown?.signIns.sign_ins.find((s) => keyOf(s) === removing)
  return (
    <Section id={heading} frame={Card} heading={FocusableHeading} title={<Trans>Linked sign-ins</Trans>}>
      <Muted style={{ marginBottom: 12 }}>
        <Trans>These accounts sign in to yours without your password. Remove any you do not recognise.</Trans>
      </Muted>
      {state.kind === 'loading' && (
        <Muted role="status">
          <Trans>Loading your linked sign-ins…</Trans>
        </Muted>
      )}
      {state.kind === 'unavailable' && (
        <Muted role="status">
          <Trans>Your linked sign-ins show when you are online.</Trans>
        </Muted>
      )}
      {state.kind === 'failed' && <FormError message={state.message} />}
      {shown && (
        <>
          {needsConnection && <LastUpdated at={shown.fetchedAt} />}
          {shown.signIns.sign_ins.length === 0 ? (
            <Muted>
              <Trans>No Google, Facebook or Twitter sign-in is linked to your account.</Trans>
            </Muted>
          ) : (
            <Table caption={t`Linked sign-ins`} columns={columns} rows={shown.signIns.sign_ins} rowKey={keyOf} />
          )}
          {needsConnection && shown.signIns.sign_ins.length > 0 && (
            <Muted role="status" style={{ marginTop: 8 }}>
              <Trans>Removing a sign-in needs a connection.</Trans>
            </Muted>
          )}
          {chosen && (
            <RemoveSignInForm
              key={removing}
              customerId={customerId}
              signIn={chosen}
              signIns={shown.signIns}
              offline={needsConnection}
              onRemoved={(signIns) => {
                replace(signIns)
                setRemoving(null)
                backToHeading()
              }}
              onCancel={() => {
                setRemoving(null)
                backToHeading()
              }}
            />
          )}
        </>
      )}
    </Section>
  )
}
