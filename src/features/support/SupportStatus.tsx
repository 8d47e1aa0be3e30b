import { Trans, useLingui } from '@lingui/react/macro'
import { Button } from '../../ui/Button.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import { translateSupportMessage } from './supportMessages.ts'
import type { SupportItem } from './supportView.ts'

const List = styled('ul')`
  list-style: none; margin: 0 0 16px; padding: 0; display: grid; gap: 8px;
  li { border: 1px solid ${theme.color.border}; border-left: 4px solid ${theme.color.info}; border-radius: 8px; padding: 10px 12px; }
  li[data-state='sent'] { border-left-color: ${theme.color.success}; }
  li[data-state='rejected'] { border-left-color: ${theme.color.error}; }
  p { margin: 0; overflow-wrap: anywhere; }
  .headline { font-weight: 700; }
  .excerpt { color: ${theme.color.muted}; font-style: italic; margin-top: 4px; }
  .sub { color: ${theme.color.muted}; margin-top: 4px; }
  button { margin-top: 8px; }
`

/** What became of each support message the page tracks; read out as it changes. */
export function SupportStatus({ items, onEdit }: { items: readonly SupportItem[]; onEdit: (item: Extract<SupportItem, { state: 'rejected' }>) => void }) {
  const { t } = useLingui()
  return (
    // The live region is always there, so the first message put in it is read out too.
    <div id="support-status" role="status" aria-live="polite" style={{ scrollMarginTop: 72 }}>
      {items.length > 0 && (
        <List aria-label={t`Your messages`}>
          {items.map((item) => (
            <li key={item.id} data-state={item.state}>
              <ItemText item={item} />
              {item.state === 'rejected' && item.message && (
                <Button type="button" $variant="secondary" onClick={() => onEdit(item)}>
                  <Trans>Edit and send again</Trans>
                </Button>
              )}
            </li>
          ))}
        </List>
      )}
    </div>
  )
}

function ItemText({ item }: { item: SupportItem }) {
  const { i18n } = useLingui()
  switch (item.state) {
    case 'sending':
      return (
        <p className="headline">
          <Trans>Sending your message…</Trans>
        </p>
      )
    case 'pending':
      return (
        <>
          <p className="headline">
            {item.waitingFor === 'connection' ? (
              <Trans>We will send your message when you are back online</Trans>
            ) : (
              <Trans>Support is busy right now. Your message is saved and will be sent automatically.</Trans>
            )}
          </p>
          {item.excerpt && <Excerpt text={item.excerpt} />}
        </>
      )
    case 'sent': {
      const reference = item.reference
      return (
        <>
          <p className="headline">
            <Trans>Thank you. Your reference is {reference}</Trans>
          </p>
          <p className="sub">
            <Trans>We have emailed you this reference. Our support team will answer at the email address you gave.</Trans>
          </p>
        </>
      )
    }
    case 'rejected': {
      const reason = item.error ? translateSupportMessage(i18n, item.error) : ''
      return <p className="headline">{reason ? <Trans>Your message was not sent: {reason}</Trans> : <Trans>Your message was not sent.</Trans>}</p>
    }
  }
}

function Excerpt({ text }: { text: string }) {
  return (
    <p className="excerpt">
      <Trans>“{text}”</Trans>
    </p>
  )
}
