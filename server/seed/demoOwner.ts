import type { Db } from '../db/types.ts'
import { commandLineActor } from '../staff/audit.ts'
import { inviteStaff } from '../staff/inviteStaff.ts'

/** The demo's first owner, whom `npm start` invites while the team is empty. */
export const demoOwner = { email: 'owner@storefront.demo', name: 'Demo owner', role: 'owner', language: 'en' } as const

/**
 * The demo's way into the back office: while no member has joined, each start of the demo makes a new owner
 * invitation and answers its link (the embedded database is locked by the running server, so `npm run staff:invite`
 * cannot run beside it). Undefined once someone has joined. Production never calls this (SEED is the demo's).
 */
export async function demoOwnerInvite(db: Db, origin: string): Promise<string | undefined> {
  const [joined] = await db.query('select 1 from staff limit 1')
  if (joined) return undefined
  const made = await inviteStaff(db, { actor: commandLineActor }, demoOwner, origin)
  return 'link' in made ? made.link : undefined
}
