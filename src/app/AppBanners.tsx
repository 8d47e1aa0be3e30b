import { Trans } from '@lingui/react/macro'
import { useActorStore } from '../lib/actorStore.ts'
import { usePwaService } from '../pwa/state.ts'
import { useBrand } from '../lib/brand.ts'
import { Button } from '../ui/Button.tsx'
import { styled } from '../ui/styled.ts'
import { theme } from '../ui/theme.ts'

const Bar = styled('div')<{ $tone: 'offline' | 'update' | 'install' }>`
  display: flex; align-items: center; justify-content: center; flex-wrap: wrap; gap: 4px 12px;
  padding: 6px 16px; font-size: 14px; text-align: center;
  background: ${(p) => (p.$tone === 'offline' ? '#2b3447' : p.$tone === 'update' ? '#e7f0fb' : theme.color.surface)};
  color: ${(p) => (p.$tone === 'offline' ? '#ffffff' : theme.color.text)};
  border-bottom: 1px solid ${theme.color.border};
  button { min-height: 36px; padding: 0 14px; }
`

/**
 * Runs `close` (the banner goes away with its button) and, when that button had the focus, gives it to the page's
 * main content, so a keyboard or screen reader user is not left on the document's body.
 */
const closing = (close: () => void) => (event: { currentTarget: HTMLElement }) => {
  const hadFocus = event.currentTarget === document.activeElement
  close()
  if (hadFocus) document.getElementById('main')?.focus()
}

/** The app-level notices: offline, a new version waiting, the install offer and, on iOS Safari, how to add the app. */
export function AppBanners() {
  const service = usePwaService()
  const pwa = useActorStore(service)
  const shop = useBrand().shortName
  return (
    <>
      {!pwa.online && (
        <Bar $tone="offline" role="status">
          <Trans>You're offline - showing saved data</Trans>
        </Bar>
      )}
      {pwa.updateReady && (
        <Bar $tone="update" role="status">
          <span>
            <Trans>A new version is available</Trans>
          </span>
          <Button type="button" onClick={service.reloadToUpdate}>
            <Trans>Reload</Trans>
          </Button>
        </Bar>
      )}
      {pwa.installable && (
        <Bar $tone="install">
          <span>
            <Trans>Add {shop} to your home screen for quick access, even offline.</Trans>
          </span>
          <Button type="button" $variant="secondary" onClick={() => void service.install()}>
            <Trans>Install app</Trans>
          </Button>
          <Button type="button" $variant="ghost" onClick={closing(service.declineInstall)}>
            <Trans>Not now</Trans>
          </Button>
        </Bar>
      )}
      {pwa.homeScreenHint && (
        <Bar $tone="install">
          <span>
            <Trans>To add {shop} to your home screen, tap Share, then Add to Home Screen.</Trans>
          </span>
          <Button type="button" $variant="secondary" onClick={closing(service.dismissHomeScreenHint)}>
            <Trans>Got it</Trans>
          </Button>
        </Bar>
      )}
    </>
  )
}
