import { type ReactNode, useEffect, useId, useRef } from 'react'
import { styled } from './styled.ts'
import { staffTheme as theme } from './theme.ts'

const Box = styled('dialog')`
  border: 0; border-radius: ${theme.radius}; padding: 20px; max-width: min(480px, calc(100vw - 24px)); color: ${theme.color.text};
  &::backdrop { background: rgba(20, 33, 61, .55); }
  h2 { margin: 0 0 8px; font-size: 20px; }
  .actions { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 16px; }
`

/** A modal dialog (the browser's own: focus kept inside, Escape closes it); `onCancel` runs when it is dismissed. */
export function Dialog({ title, children, onCancel }: { title: ReactNode; children: ReactNode; onCancel: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    return () => element?.close()
  }, [])
  return (
    <Box
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onCancel()
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </Box>
  )
}
