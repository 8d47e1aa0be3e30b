import { Trans, useLingui } from '@lingui/react/macro'
import { socialStartUrl, type SocialProvider } from '../../../api/account.ts'
import { config } from '../../../config.ts'
import { styled } from '../../../ui/styled.ts'
import { theme } from '../../../ui/theme.ts'

const List = styled('ul')`
  list-style: none; margin: 0 0 8px; padding: 0; display: grid; gap: 10px;
  a {
    display: flex; align-items: center; justify-content: center; gap: 10px; min-height: ${theme.touch};
    border: 2px solid ${theme.color.border}; border-radius: 999px; color: ${theme.color.text};
    font-weight: 600; text-decoration: none; background: ${theme.color.surface};
  }
  a:hover { border-color: ${theme.color.brand}; }
  .mark { width: 22px; height: 22px; border-radius: 50%; display: grid; place-items: center; color: #fff; font-size: 13px; font-weight: 800; }
`

const marks: Record<SocialProvider, { letter: string; colour: string }> = {
  google: { letter: 'G', colour: '#b3261e' },
  facebook: { letter: 'f', colour: '#1558b0' },
  twitter: { letter: 'X', colour: '#14171a' },
}

/** The providers this deployment offers (SOCIAL_PROVIDERS, handed to the page); none: no social sign-in at all. */
export const offeredProviders = (): readonly SocialProvider[] => config.socialProviders

/** The offered providers among Google, Facebook and Twitter: plain links, the server runs the sign-in and sends the browser back. */
export function SocialButtons() {
  const { t } = useLingui()
  const names: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook', twitter: 'Twitter' }
  const offered = offeredProviders()
  if (offered.length === 0) return null
  return (
    <List aria-label={t`Sign in with a social account`}>
      {offered.map((provider) => (
        <li key={provider}>
          <a href={socialStartUrl(provider)}>
            <span className="mark" aria-hidden="true" style={{ background: marks[provider].colour }}>
              {marks[provider].letter}
            </span>
            <Trans>Sign in with {names[provider]}</Trans>
          </a>
        </li>
      ))}
    </List>
  )
}
