import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

// The card provider's result descriptions (OPPWA's published wording, which its sandbox answers with) arrive in
// English. The ones a customer meets are shown in the active language; any other shows as the provider sent it.
const known = new Map<string, MessageDescriptor>([
  ["Request successfully processed in 'Merchant in Integrator Test Mode'", msg`Request successfully processed in 'Merchant in Integrator Test Mode'`],
  ['Transaction succeeded', msg`Transaction succeeded`],
  ['Authentication successful (frictionless flow)', msg`Authentication successful (frictionless flow)`],
  ['transaction pending', msg`transaction pending`],
  ['User Authentication Failed', msg`User Authentication Failed`],
  ['transaction declined (invalid card)', msg`transaction declined (invalid card)`],
  ['transaction declined by authorization system', msg`transaction declined by authorization system`],
])

/** A payment result's description from the provider, in the active language when the app knows it. */
export function providerText(i18n: I18n, description: string): string {
  const descriptor = known.get(description)
  return descriptor ? i18n._(descriptor) : description
}
