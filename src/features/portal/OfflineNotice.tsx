import { usePwa } from '../../pwa/state.ts'
import { LastUpdated } from '../../ui/LastUpdated.tsx'
import { styled } from '../../ui/styled.ts'

const Spaced = styled('div')`
  margin-bottom: 8px;
`

/** Offline, the screen shows the device's copy: say how old it is, as the orders list does. */
export function OfflineNotice({ fetchedAt }: { fetchedAt: string }) {
  const { online } = usePwa()
  return online ? null : (
    <Spaced>
      <LastUpdated at={fetchedAt} />
    </Spaced>
  )
}
