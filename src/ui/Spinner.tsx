import { useLingui } from '@lingui/react/macro'
import { styled, keyframes } from './styled.ts'
import { theme } from './theme.ts'

const spin = keyframes`to { transform: rotate(360deg) }`

const Wrap = styled('div')`
  display: grid; place-items: center; min-height: 40vh;
`
const Ring = styled('div')`
  width: 40px; height: 40px; border-radius: 50%;
  border: 4px solid ${theme.color.border}; border-top-color: ${theme.color.brand};
  animation: ${spin} .8s linear infinite;
`

/** Full-area spinner shown while something the page needs is loading. */
export function Spinner() {
  const { t } = useLingui()
  return (
    <Wrap role="status" aria-label={t`Loading`}>
      <Ring />
    </Wrap>
  )
}
