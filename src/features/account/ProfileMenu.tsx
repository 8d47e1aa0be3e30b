import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { UserIcon } from '../../ui/icons.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import { toast } from '../../lib/toaster.ts'
import { useAuth } from '../../lib/sessionStore.ts'

const Wrap = styled('div')`
  position: relative;
  > button {
    display: inline-flex; align-items: center; gap: 6px; min-height: ${theme.touch}; min-width: ${theme.touch};
    padding: 0 8px; border: 0; border-radius: 999px; background: transparent; color: ${theme.color.text};
    font: inherit; font-weight: 600; cursor: pointer; justify-content: center;
  }
  > button .name { max-width: 9em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  > button .what { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  @media (max-width: 480px) { > button .name { display: none; } }
  [role='menu'] {
    position: absolute; right: 0; top: calc(100% + 4px); min-width: 200px; margin: 0; padding: 6px 0; list-style: none;
    background: ${theme.color.surface}; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius}; box-shadow: ${theme.shadow};
  }
  [role='menuitem'] {
    display: flex; align-items: center; width: 100%; min-height: ${theme.touch}; padding: 0 16px; box-sizing: border-box;
    border: 0; background: none; font: inherit; color: ${theme.color.text}; text-decoration: none; text-align: left; cursor: pointer;
  }
  [role='menuitem']:hover, [role='menuitem']:focus { background: ${theme.color.page}; }
`

/** The customer's menu in the header: profile, billing, orders, services, logout. */
export function ProfileMenu({ firstName }: { firstName: string }) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const wrap = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const navigate = useNavigate()
  const { t } = useLingui()
  const { signOut } = useAuth()

  const items = () => [...(wrap.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }

  useEffect(() => {
    if (!open) return
    wrap.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const outside = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  const onMenuKey = (e: KeyboardEvent<HTMLUListElement>) => {
    const list = items()
    const index = list.indexOf(document.activeElement as HTMLElement)
    const move = (to: number) => {
      e.preventDefault()
      list[(to + list.length) % list.length]?.focus()
    }
    if (e.key === 'ArrowDown') move(index + 1)
    else if (e.key === 'ArrowUp') move(index - 1)
    else if (e.key === 'Home') move(0)
    else if (e.key === 'End') move(list.length - 1)
    else if (e.key === 'Escape') {
      e.preventDefault()
      close(true)
    } else if (e.key === 'Tab') setOpen(false)
  }

  const logout = async () => {
    close(false)
    await signOut()
    toast.success(t`Logged out successfully!`)
    await navigate({ to: '/' })
  }

  return (
    <Wrap ref={wrap}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // Named by what it shows then what it is, so a voice command saying the visible name finds it.
        aria-labelledby={`${menuId}-name ${menuId}-what`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault()
            setOpen(true)
          }
        }}
      >
        <UserIcon />
        <span className="name" id={`${menuId}-name`}>
          {firstName}
        </span>
        <span className="what" id={`${menuId}-what`}>
          {t`Account menu`}
        </span>
      </button>
      {open && (
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: ARIA in HTML allows role=menu on ul (the APG menu button pattern)
        <ul role="menu" id={menuId} aria-label={t`Account`} onKeyDown={onMenuKey}>
          <li role="none">
            <Link role="menuitem" to="/profile" onClick={() => close(false)}>
              <Trans>Profile</Trans>
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to="/billing" onClick={() => close(false)}>
              <Trans>Billing</Trans>
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to="/orders" onClick={() => close(false)}>
              <Trans>Orders</Trans>
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to="/services" onClick={() => close(false)}>
              <Trans>Services</Trans>
            </Link>
          </li>
          <li role="none">
            <button role="menuitem" type="button" onClick={() => void logout()}>
              <Trans>Logout</Trans>
            </button>
          </li>
        </ul>
      )}
    </Wrap>
  )
}
