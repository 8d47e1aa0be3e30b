import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { EffectMode, LabMachineId } from './labMachine.ts'
import { issuePath, type PayloadProblem } from './payload.ts'

export const machineTitles: Record<LabMachineId, MessageDescriptor> = {
  auth: msg`Sign-in (auth)`,
  cart: msg`Cart`,
  signup: msg`Sign-up`,
  profileEdit: msg`Update Profile`,
  passwordReset: msg`Forgotten password`,
  payment: msg`Payment`,
  paymentWidget: msg`Payment: card widget`,
  paymentStatus: msg`Payment: card status`,
  bundlePurchase: msg`Bundle purchase (ADD VAS)`,
  outbox: msg`Order outbox`,
  simRename: msg`SIM name`,
  serviceChange: msg`SIM package and cancellation`,
}

export const modeLabels: Record<EffectMode, MessageDescriptor> = {
  sandbox: msg`Sandboxes: real effects, lab log`,
  succeeds: msg`Fake: succeeds`,
  offline: msg`Fake: network offline`,
  server500: msg`Fake: server answers 500`,
  checkoutFails: msg`Fake: checkout creation fails`,
  pending: msg`Fake: payment pending`,
  declined: msg`Fake: card declined`,
  refused: msg`Fake: server refuses (400)`,
  linkRefused: msg`Fake: the link was already used`,
  simInactive: msg`Fake: the SIM is not active (409)`,
  storageFails: msg`Fake: storage unavailable`,
}

/** Where a machine that takes input starts, by preset name (labMachine input presets). */
export const presetLabels: Record<string, MessageDescriptor> = {
  order: msg`The order page (order 1001)`,
  widget: msg`The card widget page`,
  status: msg`The payment status page`,
  editing: msg`A new edit of the lab customer`,
  refusedEdit: msg`A refused edit, reopened`,
  forgot: msg`The forgot-password page`,
  reset: msg`The reset-password page (a link's token)`,
  sim: msg`A SIM (service 7001; in sandbox mode, one of yours)`,
  bundles: msg`A SIM's bundles page (service 2)`,
}

/** Why a payload cannot be sent, in the tester's language; the schema's own words for rules it names itself. */
export function describeProblem(i18n: I18n, problem: PayloadProblem): string {
  if (problem.kind === 'json') {
    const detail = problem.detail
    return i18n._(msg`This is not valid JSON: ${detail}`)
  }
  if (problem.kind === 'notObject') return i18n._(msg`The payload must be a JSON object.`)
  const { issue } = problem
  const path = issuePath(issue)
  if (path && issue.received === 'undefined') return i18n._(msg`${path} is missing.`)
  const where = path || i18n._(msg`The payload`)
  if (issue.kind === 'schema' && issue.expected) {
    const expected = issue.expected
    const received = issue.received
    return i18n._(msg`${where} must be ${expected}, not ${received}.`)
  }
  const rule = issue.message
  return i18n._(msg`${where}: ${rule}`)
}
