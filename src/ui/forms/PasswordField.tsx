import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { styled } from '../styled.ts'
import { theme } from '../theme.ts'
import { EyeIcon, EyeOffIcon } from '../icons.tsx'
import { TextField, type TextFieldProps } from './TextField.tsx'

const Wrap = styled('div')`
  position: relative;
  input { padding-right: 52px; }
  > button {
    position: absolute; right: 2px; top: 29px; width: ${theme.touch}; height: ${theme.touch};
    display: grid; place-items: center; border: 0; background: transparent; color: ${theme.color.text};
    border-radius: 8px; cursor: pointer;
  }
`

/** A password input with a visibility toggle (a pressed-state button, named for what it does). */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false)
  const { t } = useLingui()
  return (
    <Wrap>
      <TextField {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        aria-pressed={visible}
        aria-label={visible ? t`Hide password` : t`Show password`}
        aria-controls={props.id}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </Wrap>
  )
}
