import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import type { RicaFailure } from '../../domain/service.ts'
import type { StaffOrder } from '../../domain/staffOrderSchemas.ts'
import { FULFILMENT_REFUSALS, iccidShape } from '../../domain/staffOrders.ts'
import type { FulfilmentRefusal } from '../../domain/staffOrders.ts'
import { StaffApiError } from '../api/client.ts'
import { recordDelivery, recordDispatch } from '../api/orders.ts'
import { Button, Field, Notice, Row } from '../ui/parts.tsx'
import { useErrorText } from '../ui/errorText.ts'
import { styled } from '../ui/styled.ts'
import { staffTheme as theme } from '../ui/theme.ts'
import { refusalText, ricaFailures, ricaFailureText } from './orderTexts.ts'

type Sim = StaffOrder['sims'][number]

/** A field the member must fix says so in the error colour, its message above it (read with it: aria-describedby). */
const FormBox = styled('form')`
  input[aria-invalid='true'] { border-color: ${theme.color.error}; }
  .hint:has(+ [aria-invalid='true']) { color: ${theme.color.error}; font-weight: 600; }
`
type Recorded = (order: StaffOrder) => void

/** The server's refusal in the member's language when it names one fulfilment knows, else the shell's error text. */
function useRefusalText() {
  const { i18n } = useLingui()
  const errorText = useErrorText()
  return (error: unknown) =>
    error instanceof StaffApiError && (FULFILMENT_REFUSALS as readonly string[]).includes(error.code ?? '')
      ? i18n._(refusalText[error.code as FulfilmentRefusal])
      : errorText(error)
}

/** The ICCID as typed, without the spaces and dashes it is often printed with. */
const bareIccid = (typed: string) => typed.replace(/[\s-]/g, '')

/**
 * Dispatch of a SIM being prepared (or to be sent again): courier, tracking reference and the ICCID of the SIM put in
 * the envelope (its shape checked here, its check digit by the server). What was typed stays when the call fails.
 */
export function DispatchForm({ number, sim, onRecorded }: { number: string; sim: Sim; onRecorded: Recorded }) {
  const { t } = useLingui()
  const refusal = useRefusalText()
  const [courier, setCourier] = useState('')
  const [tracking, setTracking] = useState('')
  const [iccid, setIccid] = useState('')
  const [tried, setTried] = useState(false)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string>()
  // The server's word on the ICCID (its check digit, or another SIM has it), shown on the field until it is changed.
  const [iccidRefused, setIccidRefused] = useState<string>()
  const problems = {
    courier: courier.trim() ? undefined : t`Enter the courier.`,
    tracking: tracking.trim() ? undefined : t`Enter the tracking reference.`,
    iccid: iccidShape.test(bareIccid(iccid)) ? undefined : t`Enter the ICCID printed on the SIM card: 19 or 20 digits starting 8927.`,
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    setFailure(undefined)
    if (problems.courier || problems.tracking || problems.iccid) return
    setSending(true)
    try {
      onRecorded((await recordDispatch(number, sim.id, { courier: courier.trim(), trackingReference: tracking.trim(), iccid: bareIccid(iccid) })).order)
    } catch (error) {
      if (error instanceof StaffApiError && (error.code === 'iccid_invalid' || error.code === 'iccid_taken')) setIccidRefused(refusal(error))
      else setFailure(refusal(error))
    } finally {
      setSending(false)
    }
  }
  const id = `dispatch-${sim.id}`
  return (
    <FormBox onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{sim.life.state === 'rica_failed' ? t`Dispatch again` : t`Dispatch`}</h4>
      {failure && <Notice tone="error">{failure}</Notice>}
      <Row>
        <Field label={t`Courier`} hint={tried ? problems.courier : undefined}>
          {(fid, hint) => (
            <input
              id={fid}
              value={courier}
              onChange={(e) => setCourier(e.target.value)}
              maxLength={80}
              aria-invalid={tried && !!problems.courier}
              aria-describedby={hint}
            />
          )}
        </Field>
        <Field label={t`Tracking reference`} hint={tried ? problems.tracking : undefined}>
          {(fid, hint) => (
            <input
              id={fid}
              value={tracking}
              onChange={(e) => setTracking(e.target.value)}
              maxLength={80}
              aria-invalid={tried && !!problems.tracking}
              aria-describedby={hint}
            />
          )}
        </Field>
        <Field label={t`ICCID of the SIM sent`} hint={(tried && problems.iccid) || iccidRefused}>
          {(fid, hint) => (
            <input
              id={fid}
              value={iccid}
              onChange={(e) => {
                setIccid(e.target.value)
                setIccidRefused(undefined)
              }}
              inputMode="numeric"
              autoComplete="off"
              maxLength={30}
              size={24}
              aria-invalid={(tried && !!problems.iccid) || !!iccidRefused}
              aria-describedby={hint}
            />
          )}
        </Field>
      </Row>
      <Button type="submit" disabled={sending}>
        {sending ? t`Recording…` : t`Record dispatch`}
      </Button>
    </FormBox>
  )
}

/** Delivery of a SIM on its way with the RICA result the courier recorded: verified, or failed with why. */
export function DeliveryForm({ number, sim, onRecorded }: { number: string; sim: Sim; onRecorded: Recorded }) {
  const { t, i18n } = useLingui()
  const refusal = useRefusalText()
  const [verdict, setVerdict] = useState<'verified' | 'failed' | ''>('')
  const [reason, setReason] = useState<RicaFailure | ''>('')
  const [tried, setTried] = useState(false)
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string>()
  const problem = !verdict ? t`Choose the RICA result.` : verdict === 'failed' && !reason ? t`Choose why RICA failed.` : undefined
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    setFailure(undefined)
    if (problem || !verdict) return
    setSending(true)
    try {
      const delivery = verdict === 'verified' ? { rica: 'verified' as const } : { rica: 'failed' as const, reason: reason as RicaFailure }
      onRecorded((await recordDelivery(number, sim.id, delivery)).order)
    } catch (error) {
      setFailure(refusal(error))
    } finally {
      setSending(false)
    }
  }
  const id = `delivery-${sim.id}`
  return (
    <FormBox onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>
        <Trans>Delivery</Trans>
      </h4>
      {failure && <Notice tone="error">{failure}</Notice>}
      {tried && problem && <Notice tone="error">{problem}</Notice>}
      <fieldset style={{ border: 0, padding: 0, margin: '0 0 12px' }}>
        <legend style={{ fontWeight: 600, marginBottom: 4 }}>
          <Trans>RICA result at the door</Trans>
        </legend>
        <label style={{ display: 'flex', gap: 8, alignItems: 'center', minHeight: 44 }}>
          <input type="radio" name={`${id}-rica`} value="verified" checked={verdict === 'verified'} onChange={() => setVerdict('verified')} />
          <Trans>Verified: the customer’s identity matched</Trans>
        </label>
        <label style={{ display: 'flex', gap: 8, alignItems: 'center', minHeight: 44 }}>
          <input type="radio" name={`${id}-rica`} value="failed" checked={verdict === 'failed'} onChange={() => setVerdict('failed')} />
          <Trans>Failed</Trans>
        </label>
      </fieldset>
      {verdict === 'failed' && (
        <Field label={t`Why RICA failed`}>
          {(fid) => (
            <select id={fid} value={reason} onChange={(e) => setReason(e.target.value as RicaFailure | '')}>
              <option value="">{t`Choose a reason`}</option>
              {ricaFailures.map((r) => (
                <option key={r} value={r}>
                  {i18n._(ricaFailureText[r])}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Button type="submit" disabled={sending}>
        {sending ? t`Recording…` : t`Record delivery`}
      </Button>
    </FormBox>
  )
}
