import type { FormEvent } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { simRenameMachine } from '../../../../machines/simRename.machine.ts'
import { SIM_NAME_MAX, simNameLength } from '../../../domain/simName.ts'
import { translateMessage } from '../../../lib/validationMessages.ts'
import { Button } from '../../../ui/Button.tsx'
import { TextField } from '../../../ui/forms/TextField.tsx'
import { ActionDialog } from './ActionDialog.tsx'

export type SimRenameActor = ActorRefFrom<typeof simRenameMachine>

/** Update Sim Name: the name field with its counter and message, Save and Cancel. */
export function RenameDialog({ actor }: { actor: SimRenameActor }) {
  const { t, i18n } = useLingui()
  const open = useSelector(actor, (s) => !s.matches('closed'))
  const saving = useSelector(actor, (s) => s.matches('saving'))
  const draft = useSelector(actor, (s) => s.context.draft)
  const problem = useSelector(actor, (s) => s.context.problem)
  const length = simNameLength(draft)
  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'sim.rename.save' })
    if (actor.getSnapshot().context.problem) document.getElementById('sim-name')?.focus()
  }
  return (
    <ActionDialog open={open} title={t`Update Sim Name`} busy={saving} onClose={() => actor.send({ type: 'sim.rename.cancel' })}>
      <form onSubmit={save} noValidate>
        <p>
          <Trans>The name helps you tell your SIMs apart. It is saved on this phone at once and sent to your account, also when you are offline.</Trans>
        </p>
        <TextField
          id="sim-name"
          label={<Trans>SIM name</Trans>}
          value={draft}
          onValue={(name) => actor.send({ type: 'sim.rename.edit', name })}
          error={problem ? translateMessage(i18n, problem) : undefined}
          autoComplete="off"
          enterKeyHint="done"
          readOnly={saving}
        />
        <p className={length > SIM_NAME_MAX ? 'counter over' : 'counter'}>
          <Trans>
            {length} of {SIM_NAME_MAX} characters
          </Trans>
        </p>
        <div className="buttons">
          <Button type="button" $variant="secondary" disabled={saving} onClick={() => actor.send({ type: 'sim.rename.cancel' })}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
          </Button>
        </div>
      </form>
    </ActionDialog>
  )
}
