import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { useNavigate } from '@tanstack/react-router'
import { fromPromise } from 'xstate'
import { signupMachine } from '../../../../machines/signup.machine.ts'
import { createAccount } from '../../../api/account.ts'
import { toast } from '../../../lib/toaster.ts'
import { translateMessage } from '../../../lib/validationMessages.ts'
import { adoptCustomer } from '../session/authIntents.ts'

const created = msg`Created Successfully`

/** What the effects need from the screen that runs the machine, read when they run. */
export interface SignupUi {
  navigate: ReturnType<typeof useNavigate>
  i18n: I18n
  /** Keeps the failure on screen beside the form (and toasts it). */
  fail: (text: string) => void
}

/** The sign-up machine with the app's effects: the api client, the session, the router and the toaster. */
export function provideSignup(ui: { current: SignupUi }) {
  return signupMachine.provide({
    actors: { createAccount: fromPromise(({ input }) => createAccount(input)) },
    actions: {
      announceCreated: (_, { user }) => {
        void adoptCustomer(user).then(() => {
          toast.success(ui.current.i18n._(created))
          return ui.current.navigate({ to: '/profile' })
        })
      },
      announceFailed: (_, { error }) => ui.current.fail(translateMessage(ui.current.i18n, error)),
    },
  })
}
