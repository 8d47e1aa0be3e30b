import { useLingui } from '@lingui/react/macro'
import type { ConversationStatus } from '../../domain/conversations.ts'

/**
 * The statuses in the order the tabs and the select show them. Written out here (the domain's CONVERSATION_STATUSES,
 * checked by the type) because src/domain/conversations.ts travels in the storefront's device chunk, which the staff app
 * must never load.
 */
export const STATUSES = ['open', 'waiting', 'resolved'] as const satisfies readonly ConversationStatus[]

/** A conversation's status as the team reads it. */
export function useStatusText(): (status: ConversationStatus) => string {
  const { t } = useLingui()
  return (status) => (status === 'open' ? t`Open` : status === 'waiting' ? t`Waiting for the customer` : t`Resolved`)
}
