import { useRouter, useRouterState } from '@tanstack/react-router'
import { type AnchorHTMLAttributes, type MouseEvent, type ReactNode, useCallback } from 'react'

/** The staff app's root path; the router runs with it as its base path. */
export const STAFF_BASE = '/staff'

/** A staff path (under /staff: '/', '/team', '/orders/12') as the browser shows it. */
export const staffHref = (path: string) => (path === '/' ? STAFF_BASE : `${STAFF_BASE}${path}`)

/**
 * Moves to a staff path. The staff router is not the one the storefront registers with TanStack Router's types, so
 * the staff app moves through its history rather than through the typed `navigate`.
 */
export function useStaffNavigate() {
  const { history } = useRouter()
  return useCallback(
    (path: string, options: { replace?: boolean } = {}) => (options.replace ? history.replace(staffHref(path)) : history.push(staffHref(path))),
    [history],
  )
}

/** The current path under /staff (without the base), e.g. '/team'. */
export function useStaffPath(): string {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const bare = pathname.startsWith(STAFF_BASE) ? pathname.slice(STAFF_BASE.length) : pathname
  return bare === '' ? '/' : bare
}

/** A link to a staff path: a real link (new tab, copy) that moves inside the app on a plain click. */
export function StaffLink({ to, children, ...rest }: { to: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const navigate = useStaffNavigate()
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    rest.onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigate(to)
  }
  return (
    <a {...rest} href={staffHref(to)} onClick={onClick}>
      {children}
    </a>
  )
}
