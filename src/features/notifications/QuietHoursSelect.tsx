import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { ApiError } from '../../api/client.ts'
import { changePushSubscription } from '../../api/push.ts'
import type { PushSubscriptionView } from '../../domain/push.ts'
import { SelectField } from '../../ui/forms/SelectField.tsx'
import { Muted } from '../../ui/Page.tsx'

/** The quiet hours offered, in minutes after midnight South African time; 20:00–07:00 is every device's default. */
const CHOICES: readonly (readonly [number, number])[] = [
  [20 * 60, 7 * 60],
  [21 * 60, 6 * 60],
  [22 * 60, 6 * 60],
  [22 * 60, 7 * 60],
  [23 * 60, 7 * 60],
]
const OFF = 'off'

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
const choiceOf = (from: number, until: number) => (from === until ? OFF : `${from}-${until}`)
const label = (from: number, until: number) => `${clock(from)}–${clock(until)}`

/**
 * This device's quiet hours: a choice is stored at once; a refused or unanswered change says so and shows the hours
 * still stored. A value set some other way is offered as it is.
 */
export function QuietHoursSelect({
  subscription,
  online,
  onChanged,
}: {
  subscription: PushSubscriptionView
  online: boolean
  onChanged: (changed: PushSubscriptionView) => void
}) {
  const { t } = useLingui()
  const id = useId()
  const stored = choiceOf(subscription.quietFrom, subscription.quietUntil)
  const [shown, setShown] = useState(stored)
  const [saving, setSaving] = useState(false)
  const [failure, setFailure] = useState<string | undefined>(undefined)

  const choices = CHOICES.map(([from, until]) => ({ value: choiceOf(from, until), label: label(from, until) }))
  if (stored !== OFF && !choices.some((c) => c.value === stored)) choices.push({ value: stored, label: label(subscription.quietFrom, subscription.quietUntil) })
  const options = [{ value: OFF, label: t`Off` }, ...choices]

  const choose = async (value: string) => {
    const [from, until] = value === OFF ? [0, 0] : value.split('-').map(Number)
    if (from === undefined || until === undefined) return
    setShown(value)
    setSaving(true)
    setFailure(undefined)
    try {
      onChanged(await changePushSubscription(subscription.id, { quietFrom: from, quietUntil: until }))
    } catch (e) {
      // Back to what the server still holds, with a message the customer can act on.
      setShown(stored)
      const unanswered = !(e instanceof ApiError) || e.status === undefined
      setFailure(unanswered ? t`Quiet hours need a connection. Try again when you are back online.` : t`Quiet hours could not be changed. Try again later.`)
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="quiet">
      <SelectField
        id={`${id}-quiet`}
        label={<Trans>Quiet hours</Trans>}
        value={shown}
        onValue={(value) => void choose(value)}
        options={options}
        error={failure}
        disabled={saving || !online}
        aria-describedby={`${id}-quiet-about`}
      />
      <Muted id={`${id}-quiet-about`} className="about">
        <Trans>Failed payments, bundles used up, SIM activation and failed RICA still come at once, even in quiet hours.</Trans>
      </Muted>
    </div>
  )
}
