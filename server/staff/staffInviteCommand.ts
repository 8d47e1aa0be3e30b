import { parseArgs } from 'node:util'
import * as v from 'valibot'
import { STAFF_ROLES } from '../../src/domain/staff.ts'
import { StaffInviteRequestSchema } from '../../src/domain/staffTeam.ts'
import type { Config } from '../config.ts'
import type { Db } from '../db/types.ts'
import { commandLineActor } from './audit.ts'
import { inviteStaff } from './inviteStaff.ts'

export const staffInviteUsage = `usage: npm run staff:invite -- --email someone@example.co.za --name "Their Name" [--role ${[...STAFF_ROLES].reverse().join('|')}]`

/** The origin invitation links open: PUBLIC_URL, else the demo on this machine (a passkey needs a host name, never an IP address). */
export const commandLineOrigin = (config: Pick<Config, 'publicUrl' | 'port'>) => config.publicUrl || `http://localhost:${config.port}`

function argumentsOf(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'owner' } } }).values
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${staffInviteUsage}`)
  }
}

/**
 * `npm run staff:invite` (node dist/server/staffInvite.js on the production install): an invitation made at the
 * command line, for the first owner or when no owner can sign in, audited as the command line's. Answers the lines
 * to print: whom it is for, and the link. Throws with the usage on arguments it cannot read.
 */
export async function staffInviteCommand(db: Db, config: Pick<Config, 'publicUrl' | 'port'>, argv: string[]): Promise<string[]> {
  const parsed = v.safeParse(StaffInviteRequestSchema, argumentsOf(argv))
  if (!parsed.success) throw new Error(`${v.summarize(parsed.issues)}\n${staffInviteUsage}`)
  const request = parsed.output
  const made = await inviteStaff(db, { actor: commandLineActor }, request, commandLineOrigin(config))
  if ('refused' in made) throw new Error(`${request.email} is already on the team in another role: an owner changes it on the team page`)
  return [
    `Invitation for ${request.name} <${request.email}> as ${request.role}, usable once until ${made.expiresAt.toISOString()}. Open it on the phone or computer that will hold their passkey:`,
    made.link,
  ]
}
