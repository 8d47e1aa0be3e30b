import { useRef } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { useActorRef } from '@xstate/react'
import type { PasswordResetInput } from '../../../../machines/passwordReset.machine.ts'
import { checkResetLink, requestResetLink, resetPassword } from '../../../api/password.ts'
import { pageToasts } from '../../../lib/devicePorts.ts'
import { useAuth } from '../../../lib/sessionStore.ts'
import { providePasswordReset } from './passwordResetEffects.ts'

const api = { requestResetLink, checkResetLink, resetPassword }

/** The password reset machine for a screen, with the app's effects. */
export function usePasswordReset(input: PasswordResetInput) {
  const navigate = useNavigate()
  const { i18n } = useLingui()
  const { adoptCustomer } = useAuth()
  // The machine's announcement runs later; it reads the current translator and router through this.
  const ui = useRef({ navigate, i18n })
  ui.current = { navigate, i18n }
  return useActorRef(providePasswordReset({ api, session: { adopt: adoptCustomer }, toast: pageToasts, ui }), { input })
}
