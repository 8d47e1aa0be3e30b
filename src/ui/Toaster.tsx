import { useSyncExternalStore } from 'react'
import { useLingui } from '@lingui/react/macro'
import { styled, keyframes } from './styled.ts'
import { theme } from './theme.ts'
import { dismiss, getToasts, subscribeToasts, type ToastKind } from '../lib/toaster.ts'

const slideIn = keyframes`from { transform: translateY(-8px); opacity: 0 } to { transform: none; opacity: 1 }`

// Below the header's row: a toast must never hide the header link the keyboard's focus is on.
const Region = styled('div')`
  position: fixed; top: 64px; right: 12px; left: 12px; z-index: 50;
  display: flex; flex-direction: column; align-items: flex-end; gap: 8px; pointer-events: none;
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

/** Toasts top-right; errors are announced assertively, the rest politely. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts)
  const { t } = useLingui()
  return (
    <Region>
      {toasts.map((item) => (
        <Item key={item.id} $kind={item.kind} role={item.kind === 'error' ? 'alert' : 'status'}>
          <span>{item.text}</span>
          <Close type="button" aria-label={t`Dismiss`} onClick={() => dismiss(item.id)}>
            ×
          </Close>
        </Item>
      ))}
    </Region>
  )
}
