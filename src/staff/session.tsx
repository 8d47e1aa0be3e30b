import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import type { StaffRole } from '../domain/staff.ts'
import { onSignedOut, StaffApiError, staffApi } from './api/client.ts'

/** The signed-in member, as GET /api/staff/me answers. */
export interface StaffMember {
  id: number
  email: string
  name: string
  role: StaffRole
}

/**
 * What the app knows of the member's session: still asking, signed in, or signed out. A session that ends while a
 * member works (a 401) keeps the member and marks it `expired`: the screen stays as it was, input and all, under the
 * sign-in dialog.
 */
export type StaffSessionState = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'signed-in'; member: StaffMember; expired: boolean }

interface StaffSessionValue {
  state: StaffSessionState
  /** Asks the server who is signed in (after a sign-in, an invite accepted, a role change). */
  refresh: () => Promise<void>
  signOut: () => Promise<void>
}

const SessionContext = createContext<StaffSessionValue | undefined>(undefined)

export function StaffSessionProvider({ children, initial }: { children: ReactNode; initial?: StaffSessionState }) {
  const [state, setState] = useState<StaffSessionState>(initial ?? { kind: 'loading' })
  const refresh = useCallback(async () => {
    try {
      const { staff } = await staffApi<{ staff: StaffMember }>('GET', '/me')
      setState({ kind: 'signed-in', member: staff, expired: false })
    } catch (error) {
      if (error instanceof StaffApiError && error.status === 401) setState({ kind: 'signed-out' })
      else throw error
    }
  }, [])
  useEffect(() => {
    if (!initial) refresh().catch(() => setState({ kind: 'signed-out' }))
  }, [initial, refresh])
  useEffect(() => onSignedOut(() => setState((now) => (now.kind === 'signed-in' ? { ...now, expired: true } : { kind: 'signed-out' }))), [])
  const signOut = useCallback(async () => {
    await staffApi('POST', '/sign-out').catch(() => undefined)
    setState({ kind: 'signed-out' })
  }, [])
  const value = useMemo(() => ({ state, refresh, signOut }), [state, refresh, signOut])
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useStaffSession(): StaffSessionValue {
  const value = useContext(SessionContext)
  if (!value) throw new Error('useStaffSession outside StaffSessionProvider')
  return value
}

/** The signed-in member (screens behind the sign-in only). */
export function useMember(): StaffMember {
  const { state } = useStaffSession()
  if (state.kind !== 'signed-in') throw new Error('useMember without a signed-in member')
  return state.member
}
