import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Card } from '../../ui/Page.tsx'
import { styled } from '../../ui/styled.ts'
import { theme } from '../../ui/theme.ts'
import { Section } from '../../ui/Section.tsx'

const Box = styled(Card)`
  h2 { margin: 0 0 8px; font-size: 20px; }
  details { border-top: 1px solid ${theme.color.border}; }
  details:last-of-type { border-bottom: 1px solid ${theme.color.border}; }
  summary {
    cursor: pointer; font-weight: 700; min-height: ${theme.touch}; display: flex; align-items: center;
    justify-content: space-between; gap: 12px; padding: 8px 0; color: ${theme.color.text}; list-style: none; overflow-wrap: anywhere;
  }
  summary::-webkit-details-marker { display: none; }
  /* A chevron that turns when open: display:flex drops the browser's own marker. */
  summary::after {
    content: ''; flex: none; width: 8px; height: 8px; margin-right: 4px;
    border-right: 2px solid currentColor; border-bottom: 2px solid currentColor; transform: rotate(45deg);
  }
  details[open] > summary::after { transform: rotate(-135deg); }
  p { margin: 0 0 12px; line-height: 1.5; }
  p a { color: ${theme.color.brand}; font-weight: 600; }
`

/** The support page's FAQs, answered for what the app offers today. */
export function Faqs() {
  return (
    <Section id="support-faqs" frame={Box} title={<Trans>FAQs</Trans>}>
      <details>
        <summary>
          <Trans>How do I reset my password?</Trans>
        </summary>
        <p>
          <Trans>
            On the sign-in page, choose <Link to="/forgot_password">Forgot your password?</Link> and type the email of your account. We email you a link that
            works once, for 30 minutes: open it and choose a new password. You are then signed in, and every other device signed in to your account is signed
            out.
          </Trans>
        </p>
        <p>
          <Trans>If you know your password and want another, change it on your profile page.</Trans>
        </p>
        <p>
          <Trans>Your new password needs at least 8 characters, including a letter, a number and a special character.</Trans>
        </p>
      </details>
      <details>
        <summary>
          <Trans>How do I contact customer support?</Trans>
        </summary>
        <p>
          <Trans>
            Use the Contact Us form on this page. Your message is emailed to our support team, who answer by email at the address you give. We also email you at
            once to confirm we have it, with a reference (SUP-…): please quote it whenever you contact us about the same question.
          </Trans>
        </p>
        <p>
          <Trans>If you are offline, your message is kept on this device and sent as soon as you are back online.</Trans>
        </p>
      </details>
    </Section>
  )
}
