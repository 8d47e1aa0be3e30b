import { Trans } from '@lingui/react/macro'
import { useStorageFailure } from '../features/cart/cart.ts'
import { styled } from '../ui/styled.ts'
import { theme } from '../ui/theme.ts'

const Bar = styled('div')`
  background: #fff4d6; color: ${theme.color.text}; border-bottom: 1px solid #e9c46a;
  padding: 10px 16px; font-size: 14px; text-align: center;
`

/** Says plainly when the device is not saving data, so nobody trusts a cart that will vanish. */
export function StorageNotice() {
  const failure = useStorageFailure()
  if (!failure) return null
  return (
    <Bar role="status">
      {failure === 'quota' ? (
        <Trans>Your phone's storage is full, so your cart is kept only until you close the app.</Trans>
      ) : (
        <Trans>This browser is not saving data right now. Your cart works, but it will be lost when you close the app.</Trans>
      )}
    </Bar>
  )
}
