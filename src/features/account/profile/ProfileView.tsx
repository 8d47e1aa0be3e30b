import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import type { User } from '../../../domain/account.ts'
import type { AddressFill } from '../../../domain/accountForm.ts'
import { Muted, Page } from '../../../ui/Page.tsx'
import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'
import { useAccount } from '../../../lib/useAccount.ts'
import { AddressesCard } from './AddressesCard.tsx'
import { PersonalCard } from './PersonalCard.tsx'
import { ChangePasswordCard } from '../password/ChangePasswordCard.tsx'
import { LinkedSignInsCard } from './LinkedSignInsCard.tsx'

const Columns = styled('div')`
  display: grid; gap: 16px; align-items: start;
  @media (min-width: 800px) { grid-template-columns: 1fr 1fr; }
  h2 { margin: 0 0 12px; font-size: 18px; display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
  h3 { margin: 16px 0 8px; font-size: 16px; display: flex; flex-wrap: wrap; align-items: center; gap: 8px; }
  h2 + h3 { margin-top: 0; }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
  .hint { margin: -6px 0 14px; font-size: 14px; }
  .refusal { margin: 0 0 14px; padding: 10px 12px; border-radius: 8px; background: #fde8e6; color: ${theme.color.error}; font-weight: 600; }
  .addresses { list-style: none; margin: 0; padding: 0; }
  .addresses li { padding: 10px 0; border-top: 1px solid ${theme.color.border}; overflow-wrap: anywhere; }
`

interface Props {
  user: User
  offline: boolean
  /** The address search the address form shows (the address area's). */
  search: (onPick: (fill: AddressFill) => void) => ReactNode
}

/** /profile: personal information and addresses, each editable here, online or not; the password and linked sign-ins, changed online. */
export function ProfileView({ user, offline, search }: Props) {
  const view = useAccount(user)
  const first = view.user.first_name
  const last = view.user.last_name
  return (
    <Page
      title={
        <Trans>
          Welcome {first} {last}
        </Trans>
      }
    >
      {offline && (
        <Muted role="status" style={{ marginBottom: 12 }}>
          <Trans>You are offline. This is your profile as last saved on this device.</Trans>
        </Muted>
      )}
      <Columns>
        <PersonalCard customerId={user.id} view={view} />
        <AddressesCard customerId={user.id} view={view} search={search} />
        <ChangePasswordCard offline={offline} />
        <LinkedSignInsCard customerId={user.id} offline={offline} />
      </Columns>
    </Page>
  )
}
