import { Trans } from '@lingui/react/macro'
import { styled } from '../../../ui/styled.ts'

const List = styled('ul')`
  margin: 0 0 12px; padding-left: 20px; line-height: 1.45;
  li + li { margin-top: 6px; }
`

/** What deleting the account does, said before the customer confirms it. */
export function DeletionConsequences() {
  return (
    <>
      <p>
        <Trans>This cannot be undone. When you delete your account:</Trans>
      </p>
      <List>
        <li>
          <Trans>You are signed out everywhere: every session, on every device, ends.</Trans>
        </li>
        <li>
          <Trans>Your name, ID number, email, phone numbers, addresses and social sign-in links are removed, and your support messages are anonymised.</Trans>
        </li>
        <li>
          <Trans>Your SIM services are cancelled; airtime and data left on them are lost.</Trans>
        </li>
        <li>
          <Trans>Your orders and payments are kept, because the law requires a business to keep them, but they are no longer linked to you.</Trans>
        </li>
        <li>
          <Trans>This device forgets you and everything it kept for you.</Trans>
        </li>
      </List>
      <p>
        <Trans>You can sign up again with the same email later, as a new customer.</Trans>
      </p>
    </>
  )
}
