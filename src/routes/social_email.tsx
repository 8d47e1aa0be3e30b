import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import * as v from 'valibot'
import { AuthCard } from '../features/account/AuthCard.tsx'
import { BackToSignIn } from '../features/account/password/ForgotPasswordForm.tsx'
import { SocialEmailForm } from '../features/account/signIn/SocialEmailForm.tsx'

const providerNames = { google: 'Google', facebook: 'Facebook', twitter: 'X' } as const
const Provider = v.picklist(['google', 'facebook', 'twitter'])

// Where a social sign-in lands when the provider shared no verified email: /social_email?provider=twitter.
export const Route = createFileRoute('/social_email')({
  staticData: { title: msg`One more step: your email` },
  validateSearch: (search: Record<string, unknown>): { provider?: keyof typeof providerNames | undefined } => {
    const parsed = v.safeParse(Provider, search.provider)
    return { provider: parsed.success ? parsed.output : undefined }
  },
  component: SocialEmailPage,
})

function SocialEmailPage() {
  const { provider } = Route.useSearch()
  return (
    <AuthCard>
      <h1>
        <Trans>One more step: your email</Trans>
      </h1>
      <SocialEmailForm provider={provider ? providerNames[provider] : 'X'} />
      <BackToSignIn />
    </AuthCard>
  )
}
