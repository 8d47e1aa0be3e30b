import { useEffect, useId, useRef, type ReactNode } from 'react'
import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'

const Box = styled('dialog')`
  border: none; border-radius: ${theme.radius}; padding: 20px 18px; width: min(460px, calc(100vw - 24px)); box-sizing: border-box;
  max-height: calc(100dvh - 24px); overflow: auto; color: ${theme.color.text}; box-shadow: 0 12px 40px rgba(20, 33, 61, 0.3);
  &::backdrop { background: rgba(20, 33, 61, 0.55); }
  h2 { margin: 0 0 12px; font-size: 20px; }
  p { margin: 0 0 12px; line-height: 1.45; }
  .counter { margin: -8px 0 0; font-size: 14px; color: ${theme.color.muted}; }
  .counter.over { color: ${theme.color.error}; font-weight: 600; }
  .buttons { display: flex; flex-wrap: wrap; gap: 8px; justify-content: flex-end; margin-top: 16px; }
  .buttons > * { flex: 1 1 auto; }
`

interface ActionDialogProps {
  /** Open while the action's machine shows its dialog. */
  open: boolean
  title: ReactNode
  /** Escape (or the browser's back gesture on a dialog) asks to close; ignored while `busy`. */
  onClose: () => void
  busy?: boolean
  children: ReactNode
}

/** A modal dialog for one service action: the browser's own <dialog>, so focus stays inside and Escape closes it. */
export function ActionDialog({ open, title, onClose, busy = false, children }: ActionDialogProps) {
  const titleId = useId()
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <Box
      ref={ref}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      onCancel={(e) => {
        // The machine says when the dialog closes, never the browser on its own.
        e.preventDefault()
        if (!busy) onClose()
      }}
    >
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
        </>
      )}
    </Box>
  )
}
