import { type ReactNode, useId } from 'react'
import { styled } from './styled.ts'
import { staffTheme as theme } from './theme.ts'

type Variant = 'primary' | 'secondary' | 'danger'
const variants: Record<Variant, string> = {
  primary: `background:${theme.color.brand};color:#fff;border-color:${theme.color.brand};`,
  secondary: `background:${theme.color.surface};color:${theme.color.brand};border-color:${theme.color.brand};`,
  danger: `background:${theme.color.error};color:#fff;border-color:${theme.color.error};`,
}

/** The staff app's one button. */
export const Button = styled('button')<{ $variant?: Variant }>`
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  min-height: ${theme.touch}; padding: 0 16px; border: 2px solid; border-radius: 8px;
  font: inherit; font-weight: 600; cursor: pointer; max-width: 100%; text-align: center; overflow-wrap: anywhere;
  ${(p) => variants[p.$variant ?? 'primary']}
  &:disabled { background: #c9d0dc; border-color: #c9d0dc; color: #3b4559; cursor: not-allowed; }
`

/** A screen's heading: the one h1, focused when the route changes so a screen reader announces the new screen. */
export const ScreenHeading = styled('h1')`
  font-size: 24px; margin: 0 0 16px; line-height: 1.25;
  &:focus { outline: none; }
  &:focus-visible { outline: none; }
`

export const Card = styled('section')`
  background: ${theme.color.surface}; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius};
  box-shadow: ${theme.shadow}; padding: 16px; margin-bottom: 16px;
  h2 { font-size: 18px; margin: 0 0 12px; }
  dt { font-weight: 600; }
  dd { margin: 0 0 8px; overflow-wrap: anywhere; }
`

/** Text that explains what just happened: errors as alerts, the rest as a polite status. */
export function Notice({ tone, children }: { tone: 'error' | 'info' | 'success'; children: ReactNode }) {
  const color = tone === 'error' ? theme.color.error : tone === 'success' ? theme.color.success : theme.color.brand
  return (
    <NoticeBox role={tone === 'error' ? 'alert' : 'status'} style={{ borderColor: color, color }}>
      {children}
    </NoticeBox>
  )
}
const NoticeBox = styled('p')`
  border: 2px solid; border-radius: 8px; padding: 8px 12px; margin: 0 0 12px; background: ${theme.color.surface}; font-weight: 600;
`

const FieldBox = styled('div')`
  display: grid; gap: 4px; margin-bottom: 12px; flex: 1 1 12rem; min-width: 0; max-width: 100%;
  label { font-weight: 600; overflow-wrap: anywhere; }
  input, select { font: inherit; min-height: ${theme.touch}; padding: 0 10px; border: 2px solid ${theme.color.muted}; border-radius: 8px; background: #fff; color: ${theme.color.text}; width: 100%; min-width: 0; }
  .hint { color: ${theme.color.muted}; font-size: 14px; margin: 0; }
`

/** A labelled input or select; `children` is the control, given the id. */
export function Field({ label, hint, children }: { label: ReactNode; hint?: ReactNode; children: (id: string, describedBy?: string) => ReactNode }) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <FieldBox>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      )}
      {children(id, hintId)}
    </FieldBox>
  )
}

/**
 * A table that scrolls inside itself on a narrow screen, never the page: a named region the keyboard can reach, so
 * its hidden columns can be scrolled to without a mouse.
 */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableScroll role="region" aria-label={label} tabIndex={0}>
      {children}
    </TableScroll>
  )
}
/** A table's header row: one column header per entry (a translated name, or a node such as a visually hidden one). */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a header's columns never move.
          <th scope="col" key={index}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  )
}

const TableScroll = styled('div')`
  overflow-x: auto; max-width: 100%; position: relative;
  table { border-collapse: collapse; width: 100%; background: ${theme.color.surface}; }
  caption { text-align: left; font-weight: 600; padding: 8px 0; }
  th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid ${theme.color.border}; vertical-align: top; }
  th { font-size: 14px; color: ${theme.color.muted}; }
  th[scope='row'] { font-size: inherit; color: ${theme.color.text}; }
  select { font: inherit; min-height: ${theme.touch}; padding: 0 8px; border: 2px solid ${theme.color.muted}; border-radius: 8px; background: #fff; color: ${theme.color.text}; }
`

export const Row = styled('div')`
  display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-end;
`
