import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import type { StaffRole } from '../domain/staff.ts'

const roleNames: Record<StaffRole, MessageDescriptor> = {
  support: msg`Support`,
  fulfilment: msg`Fulfilment`,
  finance: msg`Finance`,
  catalogue: msg`Catalogue`,
  owner: msg`Owner`,
}

/** A role's name in the member's language. */
export function useRoleName(): (role: StaffRole) => string {
  const { i18n } = useLingui()
  return (role) => i18n._(roleNames[role])
}
