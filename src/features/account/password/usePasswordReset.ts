import { useRef } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { fromPromise } from 'xstate'
import { useActorRef } from '@xstate/react'
import { passwordResetMachine, type PasswordResetInput } from '../../../../machines/passwordReset.machine.ts'
import { ApiError } from '../../../api/client.ts'
import { checkResetLink, requestResetLink, resetPassword } from '../../../api/password.ts'
import { passwordMessages } from '../../../domain/password.ts'
import { toast } from '../../../lib/toaster.ts'
import { adoptCustomer } from '../session/authIntents.ts'

const changed = msg`Your new password is set and you are signed in.`

/** No answer at all reads as a connection problem; the server's own refusals keep their text. */
const plainly = async <T>(call: Promise<T>): Promise<T> => {
  try {
    return await call
  } catch (e) {
    if (e instanceof ApiError && e.status === undefined) throw new Error(passwordMessages.unreachable)
    throw e
  }
}

/** The password reset machine for a screen: the network through src/api, a new password signs the customer in here. */
export function usePasswordReset(input: PasswordResetInput) {
  const navigate = useNavigate()
  const { i18n } = useLingui()
  // The machine's announcement runs later; it reads the current translator and router through this.
  const ui = useRef({ navigate, i18n })
  ui.current = { navigate, i18n }
  return useActorRef(
    passwordResetMachine.provide({
      actors: {
        requestLink: fromPromise(({ input }) => plainly(requestResetLink(input.email))),
        checkLink: fromPromise(({ input }) => plainly(checkResetLink(input.token))),
        resetPassword: fromPromise(({ input }) => plainly(resetPassword(input.token, input.password))),
      },
      actions: {
        announceReset: (_, { user }) => {
          void adoptCustomer(user).then(() => {
            toast.success(ui.current.i18n._(changed))
            return ui.current.navigate({ to: '/profile', replace: true })
          })
        },
      },
    }),
    { input },
  )
}
