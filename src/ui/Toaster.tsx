import { useRef, useSyncExternalStore, type KeyboardEvent } from 'react'
import { useLingui } from '@lingui/react/macro'
import { styled, keyframes } from './styled.ts'
import { theme } from './theme.ts'
import { dismiss, getToasts, pause, resume, subscribeToasts, type Toast, type ToastKind } from '../lib/toaster.ts'

const slideIn = keyframes`from { transform: translateY(-8px); opacity: 0 } to { transform: none; opacity: 1 }`

// Below the header's row: a toast must never hide the header link the keyboard's focus is on.
const Region = styled('div')`
  position: fixed; top: 64px; right: 12px; left: 12px; z-index: 50;
  display: flex; flex-direction: column; align-items: flex-end; gap: 8px; pointer-events: none;
`
const Live = styled('div')`
  display: flex; flex-direction: column; align-items: flex-end; gap: 8px;
`

const accent: Record<ToastKind, string> = {
  default: theme.color.info,
  success: theme.color.success,
  error: theme.color.error,
  loading: theme.color.muted,
}

const Item = styled('div')<{ $kind: ToastKind }>`
  pointer-events: auto; max-width: 360px; min-height: ${theme.touch};
  display: flex; align-items: center; gap: 12px; padding: 10px 8px 10px 16px;
  background: ${theme.color.surface}; color: ${theme.color.text}; border-radius: 10px;
  border-left: 5px solid ${(p) => accent[p.$kind]}; box-shadow: 0 6px 24px rgba(20,33,61,.18);
  animation: ${slideIn} .18s ease-out; font-size: 15px;
`

const Close = styled('button')`
  margin-left: auto; min-width: ${theme.touch}; min-height: ${theme.touch}; border: 0; background: none;
  color: ${theme.color.muted}; font-size: 22px; cursor: pointer; border-radius: 8px;
`

/** One toast: its countdown stops while the pointer is over it or focus is in it; Escape or × dismisses it. */
function ToastItem({ item }: { item: Toast }) {
  const { t } = useLingui()
  const held = useRef({ hovered: false, focused: false })
  const hold = (change: Partial<typeof held.current>) => {
    held.current = { ...held.current, ...change }
    if (held.current.hovered || held.current.focused) pause(item.id)
    else resume(item.id)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return
    e.stopPropagation()
    dismiss(item.id)
  }
  return (
    <Item
      $kind={item.kind}
      onMouseEnter={() => hold({ hovered: true })}
      onMouseLeave={() => hold({ hovered: false })}
      onFocus={() => hold({ focused: true })}
      onBlur={(e) => e.currentTarget.contains(e.relatedTarget) || hold({ focused: false })}
      onKeyDown={onKeyDown}
    >
      <span>{item.text}</span>
      <Close type="button" aria-label={t`Dismiss`} onClick={() => dismiss(item.id)}>
        ×
      </Close>
    </Item>
  )
}

/**
 * Toasts top-right, in two live regions that are in the page from the first render, so a screen reader already
 * watches them when a toast lands: errors in an alert (assertive), the rest in a status (polite).
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts)
  const { t } = useLingui()
  return (
    <Region>
      <Live role="alert" aria-label={t`Errors`}>
        {toasts
          .filter((item) => item.kind === 'error')
          .map((item) => (
            <ToastItem key={item.id} item={item} />
          ))}
      </Live>
      <Live role="status" aria-label={t`Notifications`}>
        {toasts
          .filter((item) => item.kind !== 'error')
          .map((item) => (
            <ToastItem key={item.id} item={item} />
          ))}
      </Live>
    </Region>
  )
}
