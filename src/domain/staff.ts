/**
 * The back office's roles and what each may do: one table the staff API's `allow()` checks on the server and the staff
 * app reads to show only what a member can use. A role never inherits another's rights except the owner, who has all.
 */
export const STAFF_ROLES = ['support', 'fulfilment', 'finance', 'catalogue', 'owner'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

const everyone: readonly StaffRole[] = STAFF_ROLES
/** Whoever acts on orders and their customers; the catalogue role edits what is sold, not who bought it. */
const orderDesk: readonly StaffRole[] = ['support', 'fulfilment', 'finance', 'owner']

export const STAFF_PERMISSIONS = {
  /** The counts of what waits (each queue also needs its own permission). */
  'queues.read': everyone,
  'orders.read': orderDesk,
  'orders.search': orderDesk,
  /** Dispatch, delivery and the RICA result at delivery. */
  'fulfilment.record': ['fulfilment', 'owner'],
  'payments.read': ['finance', 'owner'],
  'refunds.make': ['finance', 'owner'],
  'messages.read': ['support', 'owner'],
  'messages.answer': ['support', 'owner'],
  'customers.read': ['support', 'owner'],
  /** Send a customer the password-reset mail (staff never set a password). */
  'customers.reset': ['support', 'owner'],
  'mails.read': ['support', 'owner'],
  'mails.resend': ['support', 'owner'],
  'staff.read': ['owner'],
  'staff.manage': ['owner'],
  'audit.read': ['owner'],
  /** Packages and bundles: their texts, price, billing, picture, order on the page, on sale, retired. */
  editCatalogue: ['catalogue', 'owner'],
} as const satisfies Record<string, readonly StaffRole[]>

export type StaffPermission = keyof typeof STAFF_PERMISSIONS
export const STAFF_PERMISSION_NAMES = Object.keys(STAFF_PERMISSIONS) as StaffPermission[]

export const roleCan = (role: StaffRole, permission: StaffPermission): boolean => (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role)

/** The owner outranks every other role; support, fulfilment, finance and catalogue are peers. */
const rank = (role: StaffRole): number => (role === 'owner' ? 2 : 1)

/** Whether `actor` may give `role` to someone: only staff who manage staff, and never a role above their own. */
export const canGrant = (actor: StaffRole, role: StaffRole): boolean => roleCan(actor, 'staff.manage') && rank(role) <= rank(actor)

/** How long a passkey check counts as fresh for a refund or a role change (the step-up). */
export const STEP_UP_SECONDS = 300

export const stepUpNeeded = 'Confirm it is you with your passkey.'
