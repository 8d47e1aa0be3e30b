/// <reference types="googlepay" />
import GooglePayButton from '@google-pay/button-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'
import type { GooglePaySettings } from '../../../domain/clientSettings.ts'
import { paymentRequest, paymentsEnvironment } from './request.ts'
import { installWalletClient, walletClientInstalled } from './walletClient.ts'

// The component's container class; `.not-ready` (set while Google decides) must keep hiding it.
const Wrap = styled('div')`
  width: 100%;
  & > .google-pay-button-container:not(.not-ready) { display: block; width: 100%; height: 48px; min-height: ${theme.touch}; }
  &[data-disabled] { opacity: .45; filter: grayscale(1); }
  &[data-disabled] button { cursor: not-allowed; }
`

export interface WalletButtonProps {
  /** The deployment's wallet (the server's settings, handed to the page). */
  settings: GooglePaySettings
  amount: number
  /** When set the button shows but starts nothing (dimmed, aria-disabled). */
  disabled: boolean
  /** The shopper pressed the enabled button; the payment sheet opens next. */
  onStart?: () => void
  onAuthorised(paymentData: google.payments.api.PaymentData): void
  onCancel(): void
  /** Google's PaymentsError, or an Error ("Unable to load script …" when pay.js cannot be reached). */
  onError(error: unknown): void
}

/** True once the payments client is there; until then the button waits, and a client that cannot load is an error. */
function useWalletClient(onError: (error: unknown) => void): boolean {
  const [ready, setReady] = useState(walletClientInstalled)
  const report = useRef(onError)
  report.current = onError
  useEffect(() => {
    if (ready) return
    let mounted = true
    installWalletClient().then(
      () => mounted && setReady(true),
      (error: unknown) => mounted && report.current(error),
    )
    return () => {
      mounted = false
    }
  }, [ready])
  return ready
}

/** The Google Pay button: the deployment's environment and merchant, card via Peach Payments, rand total, South African shipping. */
export function WalletButton({ settings, amount, disabled, onStart, onAuthorised, onCancel, onError }: WalletButtonProps) {
  const ready = useWalletClient(onError)
  const request = useMemo(() => paymentRequest(amount, settings), [amount, settings])
  const wrap = useRef<HTMLDivElement>(null)

  // The buttons inside are created by the client, asynchronously: mark every one of them, now and when it appears.
  useEffect(() => {
    const root = wrap.current
    if (!root) return
    const mark = () => {
      for (const button of root.querySelectorAll('button')) {
        if (disabled) button.setAttribute('aria-disabled', 'true')
        else button.removeAttribute('aria-disabled')
      }
    }
    mark()
    const observer = new MutationObserver(mark)
    observer.observe(root, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [disabled])

  return (
    <Wrap ref={wrap} {...(disabled ? { 'data-disabled': '' } : {})}>
      {ready && (
        <GooglePayButton
          environment={paymentsEnvironment(settings)}
          paymentRequest={request}
          buttonType="pay"
          buttonColor="black"
          buttonSizeMode="fill"
          onClick={(event) => {
            // ButtonManager skips loadPaymentData when the click was prevented.
            if (disabled) event.preventDefault()
            else onStart?.()
          }}
          onLoadPaymentData={onAuthorised}
          onCancel={() => onCancel()}
          onError={onError}
        />
      )}
    </Wrap>
  )
}
