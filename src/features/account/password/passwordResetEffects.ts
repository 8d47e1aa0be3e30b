import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { useNavigate } from '@tanstack/react-router'
import { fromPromise } from 'xstate'
import { passwordResetMachine } from '../../../../machines/passwordReset.machine.ts'
import { ApiError } from '../../../api/client.ts'
import type { checkResetLink, requestResetLink, resetPassword } from '../../../api/password.ts'
import { passwordMessages } from '../../../domain/password.ts'
import type { SessionPort, Toasts } from '../../../lib/ports.ts'

const changed = msg`Your new password is set and you are signed in.`

/** What the effects need from the screen that runs the machine, read when they run. */
export interface PasswordResetUi {
  navigate: ReturnType<typeof useNavigate>
  i18n: I18n
}

/** What the password reset effects touch: the app passes its own (usePasswordReset), the lab its own. */
export interface PasswordResetPorts {
  api: { requestResetLink: typeof requestResetLink; checkResetLink: typeof checkResetLink; resetPassword: typeof resetPassword }
  session: SessionPort
  toast: Toasts
  ui: { readonly current: PasswordResetUi }
}

/** No answer at all reads as a connection problem; the server's own refusals keep their text. */
const plainly = async <T>(call: Promise<T>): Promise<T> => {
  try {
    return await call
  } catch (e) {
    if (e instanceof ApiError && e.status === undefined) throw new Error(passwordMessages.unreachable)
    throw e
  }
}

/** The password reset machine with its effects: the network through the api port; a new password signs the customer in. */
export function providePasswordReset({ api, session, toast, ui }: PasswordResetPorts) {
  return passwordResetMachine.provide({
    actors: {
      requestLink: fromPromise(({ input }) => plainly(api.requestResetLink(input.email))),
      checkLink: fromPromise(({ input }) => plainly(api.checkResetLink(input.token))),
      resetPassword: fromPromise(({ input }) => plainly(api.resetPassword(input.token, input.password))),
    },
    actions: {
      announceReset: (_, { user }) => {
        void session.adopt(user).then(() => {
          toast.success(ui.current.i18n._(changed))
          return ui.current.navigate({ to: '/profile', replace: true })
        })
      },
    },
  })
}
