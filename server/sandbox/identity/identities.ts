/** Ready-made testers the sandbox sign-in page lists, so a demo needs no typing; their emails count as verified. */
export const sandboxIdentities = [
  { email: 'thandi.nkosi@example.co.za', name: 'Thandi Nkosi' },
  { email: 'pieter.van.der.merwe@example.co.za', name: 'Pieter van der Merwe' },
  { email: 'ayesha.patel@example.co.za', name: 'Ayesha Patel' },
] as const

export interface SandboxIdentity {
  email: string
  name: string
  /** What the issuer says as `email_verified`: the tester chooses, to try both answers a real provider gives. */
  emailVerified: boolean
}
