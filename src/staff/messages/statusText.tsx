import { useLingui } from '@lingui/react/macro'
import type { ConversationStatus } from '../../domain/conversations.ts'

/** A conversation's status as the team reads it. */
export function useStatusText(): (status: ConversationStatus) => string {
  const { t } = useLingui()
  return (status) => (status === 'open' ? t`Open` : status === 'waiting' ? t`Waiting for the customer` : t`Resolved`)
}
