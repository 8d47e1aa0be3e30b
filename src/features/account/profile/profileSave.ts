import type { ProfileRefusal, SaveOutcome } from '../../../../machines/profileEdit.machine.ts'
import type { requestEmailChange } from '../../../api/accountEdits.ts'
import type { ProfileChanges } from '../../../domain/profileForm.ts'
import { CHANGE_NOT_SAVED, EMAIL_NEEDS_CONNECTION, refusalField } from '../../../domain/profile.ts'
import { serverMessages } from '../../../domain/serverMessages.ts'
import type { FactStore, OutboxPort, SessionPort } from '../../../lib/ports.ts'
import { ACCOUNT_EDIT, type AccountEditOutcome, queueAccountEdit } from './accountEditQueue.ts'

/** What Update Profile's save touches (the ports of provideProfileEdit). */
export interface ProfileSavePorts {
  store: Pick<FactStore, 'commitWithOutbox'>
  outbox: OutboxPort
  api: { requestEmailChange: typeof requestEmailChange }
  session: SessionPort
}

/** What the profile edit's save effect throws: the machine reads its reason, field and edit id. */
export class ProfileSaveRefused extends Error implements ProfileRefusal {
  constructor(
    readonly reason: string,
    readonly field: string | null,
    readonly editId: string | null,
  ) {
    super(reason)
    this.name = 'ProfileSaveRefused'
  }
}

// Refusals of an email change that name no field by path still belong to one.
const emailFieldOf: Record<string, string> = {
  [serverMessages.sameEmail]: 'email',
  [serverMessages.wrongCurrentPassword]: 'current_password',
  [serverMessages.tooManyAttempts]: 'current_password',
  [serverMessages.tooManyEmailChanges]: 'email',
  [serverMessages.undoLinkOpen]: 'email',
  [serverMessages.passwordCheckBusy]: 'current_password',
}

/** Queues the personal details (sent now, or when the connection returns) and waits for the outbox's first try. */
async function saveDetails(
  customerId: number,
  profile: NonNullable<ProfileChanges['profile']>,
  { store, outbox }: ProfileSavePorts,
): Promise<{ editId: string; queued: boolean }> {
  const editId = await queueAccountEdit(customerId, { kind: 'profile', profile }, store)
  const sent = (await outbox.sendNow(ACCOUNT_EDIT).catch(() => [])) as AccountEditOutcome[]
  const outcome = sent.find((o) => o.id === editId)
  if (outcome?.kind === 'refused') throw new ProfileSaveRefused(outcome.reason, outcome.field, editId)
  return { editId, queued: outcome?.kind !== 'saved' }
}

/** Asks for the email change, which needs the server now: the device never keeps the password it carries. */
async function changeEmail(customerId: number, email: NonNullable<ProfileChanges['email']>, { api, session }: ProfileSavePorts): Promise<string | null> {
  const result = await api.requestEmailChange(customerId, email)
  if (result.kind === 'no-answer') throw new ProfileSaveRefused(EMAIL_NEEDS_CONNECTION, 'email', null)
  if (result.kind === 'refused') {
    const reason = result.error || CHANGE_NOT_SAVED
    throw new ProfileSaveRefused(reason, refusalField(result.issues) ?? emailFieldOf[reason] ?? null, null)
  }
  // Every tab shows the address waiting for its link.
  await session.adopt(result.user)
  return result.user.pending_email ?? null
}

/**
 * Update Profile's save: the personal details first, as they may wait for the connection, then the email change,
 * which may not. A refused email change leaves the details saved and brings the form back with its message.
 */
export async function saveProfile(customerId: number, changes: ProfileChanges, ports: ProfileSavePorts): Promise<SaveOutcome> {
  const details = changes.profile ? await saveDetails(customerId, changes.profile, ports) : { editId: null, queued: false }
  const pendingEmail = changes.email ? await changeEmail(customerId, changes.email, ports) : null
  return { ...details, pendingEmail }
}
