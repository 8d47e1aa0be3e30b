/// <reference types="googlepay" />
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { i18n } from '@lingui/core'
import { el, ensureStyles, logo } from './dom.ts'
import { developerError } from './requests.ts'

/** The button's name per Google's button types, as Google's own button reads it. */
const buttonLabels = {
  book: msg`Book with Google Pay`,
  buy: msg`Buy with Google Pay`,
  checkout: msg`Checkout with Google Pay`,
  donate: msg`Donate with Google Pay`,
  order: msg`Order with Google Pay`,
  pay: msg`Pay with Google Pay`,
  plain: msg`Google Pay`,
  subscribe: msg`Subscribe with Google Pay`,
  // Google's older names for buy and plain.
  long: msg`Buy with Google Pay`,
  short: msg`Google Pay`,
} satisfies Record<google.payments.api.ButtonType, MessageDescriptor>

/** Google's `createButton`: the "G Pay" button in its container; `onPress` runs before the merchant's onClick. */
export function sandboxButton(options: google.payments.api.ButtonOptions, onPress: (button: HTMLElement) => void): HTMLElement {
  if (typeof options?.onClick !== 'function') throw developerError('createButton needs an onClick handler.')
  ensureStyles(options.buttonRootNode ?? document)
  const button = el('button', `gpay-sandbox-button ${options.buttonColor === 'white' ? 'white' : 'black'}`, logo())
  button.type = 'button'
  button.setAttribute('aria-label', i18n._(buttonLabels[options.buttonType ?? 'buy'] ?? buttonLabels.buy))
  if (options.buttonRadius !== undefined) button.style.borderRadius = `${options.buttonRadius}px`
  button.addEventListener('click', (event) => {
    onPress(button)
    options.onClick(event)
  })
  return el('div', options.buttonSizeMode === 'fill' ? 'gpay-sandbox-button-fill' : 'gpay-sandbox-button-static', button)
}
