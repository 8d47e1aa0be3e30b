import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { SimLife } from '../domain/service.ts'

// A SIM's life in a word or two, where a status shows (services list, service page, order page).
const names: Record<SimLife, MessageDescriptor> = {
  preparing: msg`Being prepared`,
  on_its_way: msg`On its way`,
  rica_failed: msg`RICA failed`,
  returned: msg`Returned`,
  activating: msg`Activating`,
  active: msg`Active`,
}

/** The SIM's life state as the customer reads it, in the active language. */
export const simLifeText = (i18n: I18n, state: SimLife): string => i18n._(names[state])
