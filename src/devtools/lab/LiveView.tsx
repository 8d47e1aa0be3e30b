import { Section } from '../../ui/Section.tsx'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, StateValue } from 'xstate'
import { authMachine } from '../../../machines/auth.machine.ts'
import { cartMachine } from '../../../machines/cart.machine.ts'
import { formatRand } from '../../domain/money.ts'
import { readCart } from '../../store/queries.ts'
import { useLiveRead } from '../../store/useLiveRead.ts'
import { useCartService } from '../../features/cart/cart.ts'
import { useAuth } from '../../lib/sessionStore.ts'
import { pretty } from './json.ts'
import { Code, Columns, JsonBlock, Panel } from './labStyles.ts'
import { StateTree } from './StateTree.tsx'
import { leafPaths } from './stateTree.ts'

/** The app's running actor once it has started (it starts at boot; this only waits for it). */
function useRunningActor(start: () => Promise<AnyActorRef>): AnyActorRef | undefined {
  const [actor, setActor] = useState<AnyActorRef>()
  useEffect(() => {
    let live = true
    void start().then((found) => live && setActor(found))
    return () => {
      live = false
    }
  }, [start])
  return actor
}

const noActor = () => () => {}
const nothing = () => undefined

/** An actor's snapshot, followed as it changes; read only. */
function useSnapshot(actor: AnyActorRef | undefined): AnyMachineSnapshot | undefined {
  return useSyncExternalStore(
    actor ? (listener) => actor.subscribe(listener).unsubscribe : noActor,
    actor ? () => actor.getSnapshot() as AnyMachineSnapshot : nothing,
  )
}

function RunningMachine({ title, machine, snapshot, id }: { title: string; machine: AnyStateMachine; snapshot: AnyMachineSnapshot | undefined; id: string }) {
  const { t } = useLingui()
  if (!snapshot)
    return (
      <p>
        <Trans>Starting…</Trans>
      </p>
    )
  const value = snapshot.value as StateValue
  const where = leafPaths(value).join(', ')
  return (
    <>
      <p aria-live="polite">
        <Trans>
          Current state: <Code>{where}</Code>
        </Trans>
      </p>
      <StateTree machine={machine} value={value} label={t`States of ${title}`} />
      <h3>
        <Trans>Context</Trans>
      </h3>
      <JsonBlock role="region" tabIndex={0} aria-label={t`Context of ${title} as JSON`} id={id}>
        {pretty(snapshot.context)}
      </JsonBlock>
    </>
  )
}

/** The app's own running auth and cart actors, read only, live; the stored cart follows other tabs through Dexie. */
export function LiveView() {
  const { t, i18n } = useLingui()
  const auth = useSnapshot(useRunningActor(useAuth().session.start))
  const cart = useSnapshot(useRunningActor(useCartService().start))
  const stored = useLiveRead((db) => readCart(db))
  const lines = stored?.order_lines.length ?? 0
  const total = formatRand(stored?.total ?? 0, i18n.locale)
  return (
    <>
      <p>
        <Trans>This is the app as it runs in this tab, read only: nothing here sends an event or writes a fact.</Trans>
      </p>
      <Columns>
        <div>
          <Section frame={Panel} id="live-auth" title={<Trans>Sign-in (auth), running</Trans>}>
            <RunningMachine title={t`Sign-in (auth)`} machine={authMachine} snapshot={auth} id="live-auth-context" />
          </Section>
        </div>
        <div>
          <Section frame={Panel} id="live-cart" title={<Trans>Cart, running</Trans>}>
            <RunningMachine title={t`Cart`} machine={cartMachine} snapshot={cart} id="live-cart-context" />
            <h3>
              <Trans>Stored cart (this device's log, all tabs)</Trans>
            </h3>
            <p aria-live="polite">
              <Plural value={lines} one={`# line, total ${total}`} other={`# lines, total ${total}`} />
            </p>
            <JsonBlock role="region" tabIndex={0} aria-label={t`Stored cart as JSON`}>
              {pretty(stored ?? null)}
            </JsonBlock>
          </Section>
        </div>
      </Columns>
    </>
  )
}
