import { Trans, useLingui } from '@lingui/react/macro'
import type { User } from '../../../domain/account.ts'
import { countryName } from '../../../lib/countryNames.ts'
import { Detail } from './DetailList.tsx'

/** The identity document as the server answers it: the number masked (its last 4 characters), a passport's country. */
export type IdentityShown = Pick<User, 'id_number'> & Partial<Pick<User, 'id_type' | 'id_country'>>

/** The ID number, or the passport number and its country, as details; the number is only ever shown masked. */
export function IdentityDetails({ identity }: { identity: IdentityShown }) {
  const { i18n } = useLingui()
  if (identity.id_type !== 'passport') return <Detail label={<Trans>ID number</Trans>} value={identity.id_number} />
  return (
    <>
      <Detail label={<Trans>Passport number</Trans>} value={identity.id_number} />
      <Detail label={<Trans>Country of issue</Trans>} value={identity.id_country ? countryName(i18n.locale, identity.id_country) : ''} />
    </>
  )
}
