import { useEffect, useRef } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { toast } from '../../../lib/toaster.ts'
import { useAuth } from '../../../lib/sessionStore.ts'

/** Handles /login?signed_in=<provider> and /login?error=social, the two ways a social sign-in returns; `fail` tells a failure. */
export function useSocialReturn(search: { signed_in?: string | undefined; error?: string | undefined }, fail: (text: string) => void): void {
  const navigate = useNavigate()
  const { t } = useLingui()
  const { recheckSession } = useAuth()
  const handled = useRef(false)
  useEffect(() => {
    if (handled.current || (!search.signed_in && !search.error)) return
    handled.current = true
    const failed = () => {
      fail(t`Social sign-in did not work. Please try again.`)
      void navigate({ to: '/login', search: {}, replace: true })
    }
    if (search.error) return failed()
    void recheckSession().then((session) => {
      if (session.status !== 'customer') return failed()
      toast.success(t`Logged in successfully!`)
      void navigate({ to: '/profile', replace: true })
    }, failed)
  }, [search.signed_in, search.error, navigate, t, fail, recheckSession])
}
