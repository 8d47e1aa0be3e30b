import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { useNavigate } from '@tanstack/react-router'
import { fromPromise } from 'xstate'
import { signupMachine } from '../../../../machines/signup.machine.ts'
import type { createAccount } from '../../../api/account.ts'
import type { SessionPort, Toasts } from '../../../lib/ports.ts'
import { translateMessage } from '../../../lib/validationMessages.ts'

const created = msg`Created Successfully`

/** What the effects need from the screen that runs the machine, read when they run. */
export interface SignupUi {
  navigate: ReturnType<typeof useNavigate>
  i18n: I18n
  /** Keeps the failure on screen beside the form (and toasts it). */
  fail: (text: string) => void
}

/** What the sign-up effects touch: the app passes its own (SignupWizard), the lab its own (signupLab). */
export interface SignupPorts {
  api: { createAccount: typeof createAccount }
  session: SessionPort
  toast: Toasts
  ui: { readonly current: SignupUi }
}

/** The sign-up machine with its effects: the account created, the customer signed in, the profile shown. */
export function provideSignup({ api, session, toast, ui }: SignupPorts) {
  return signupMachine.provide({
    actors: { createAccount: fromPromise(({ input }) => api.createAccount(input)) },
    actions: {
      announceCreated: (_, { user }) => {
        void session.adopt(user).then(() => {
          toast.success(ui.current.i18n._(created))
          return ui.current.navigate({ to: '/profile' })
        })
      },
      announceFailed: (_, { error }) => ui.current.fail(translateMessage(ui.current.i18n, error)),
    },
  })
}
