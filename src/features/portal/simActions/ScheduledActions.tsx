import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { formatRand } from '../../../domain/money.ts'
import { isPrepaid, type Service } from '../../../domain/service.ts'
import { Button } from '../../../ui/Button.tsx'
import { Card } from '../../../ui/Page.tsx'
import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'
import { actionText } from './actionText.ts'
import { FormError } from '../../../ui/forms/FormError.tsx'
import type { ServiceChange, ServiceChangeActor } from './useServiceChange.ts'
import { Section } from '../../../ui/Section.tsx'

const Panel = styled(Card)`
  border-left: 4px solid ${theme.color.accent};
  h2 { margin: 0 0 12px; font-size: 18px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; }
  li { display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center; justify-content: space-between; }
  .what { font-weight: 700; overflow-wrap: anywhere; }
  .detail { display: block; font-weight: 400; color: ${theme.color.muted}; font-size: 14px; }
`

/** "Scheduled Actions": each package change or cancellation still to come, with its date and an Undo until then. */
export function ScheduledActions({ service, actor, undoFailure }: { service: Service; actor: ServiceChangeActor; undoFailure: ServiceChange['undoFailure'] }) {
  const { t, i18n } = useLingui()
  const undoing = useSelector(actor, (s) => (s.matches('undoing') ? s.context.undoing : null))
  const busy = useSelector(actor, (s) => !s.matches('idle'))
  const actions = service.scheduled_actions.filter((a) => a.id !== undefined && a.kind !== undefined)
  if (actions.length === 0) return null
  return (
    <Section frame={Panel} id="scheduled-title" title={<Trans>Scheduled Actions</Trans>}>
      <ul>
        {actions.map((action) => {
          const text = actionText(i18n, action)
          const price = action.unit_price === undefined ? null : formatRand(action.unit_price, i18n.locale)
          return (
            <li key={action.id}>
              <span className="what">
                {text}
                {price !== null && (
                  <span className="detail">{isPrepaid(service) ? <Trans>{price} per 30 days</Trans> : <Trans>{price} p/m from then</Trans>}</span>
                )}
              </span>
              <Button
                type="button"
                $variant="secondary"
                disabled={busy}
                aria-label={t`Undo: ${text}`}
                onClick={() => {
                  undoFailure.clear()
                  actor.send({ type: 'service.action.undo', actionId: action.id ?? 0 })
                }}
              >
                {undoing === action.id ? <Trans>Undoing…</Trans> : <Trans>Undo</Trans>}
              </Button>
            </li>
          )
        })}
      </ul>
      <FormError message={undoFailure.error} announced />
    </Section>
  )
}
