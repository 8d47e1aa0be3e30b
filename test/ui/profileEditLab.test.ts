import { serverMessages } from '../../src/domain/serverMessages.ts'
import { describe, expect, it } from 'vitest'
import { profileEditLab } from '../../src/devtools/lab/machines/profileEditLab.ts'
import { LabRun } from '../../src/devtools/lab/labRun.ts'
import { readSessionFile } from '../../src/devtools/lab/labSession.ts'
import { toJson } from '../../src/devtools/lab/json.ts'
import type { Json } from '../../src/devtools/lab/json.ts'
import { at, labRun, until } from './labHarness.ts'

const editing = profileEditLab.input!.presets.editing!() as Json

describe('Update Profile in the machine lab', () => {
  it('queues an edit made offline (its fact in the lab log), hears it sent, and an import rebuilds it without running anything', async () => {
    const { run, committed, options } = labRun(profileEditLab, 'offline', editing)
    run.start()
    run.send({ type: 'profile.field.set', field: 'first_name', value: 'Thandeka' })
    run.send({ type: 'profile.save' })
    await until(run, (r) => at(r) === 'queued')
    expect(committed.map((f) => f.type)).toEqual(['v1.ProfileEdited'])
    const editId = run.getSnapshot().snapshot.context.outcome.editId as string
    expect(committed[0]?.id).toBe(editId)
    run.send({ type: 'profile.sent', editId })
    expect(at(run)).toBe('saved')

    const view = run.getSnapshot()
    const read = readSessionFile(JSON.stringify(run.exportFile()))
    run.stop()
    if (!read.ok) throw new Error(read.detail)
    const restored = LabRun.restore(profileEditLab, read.file, options).getSnapshot()
    expect(restored.snapshot.value).toEqual('saved')
    expect(toJson(restored.snapshot.context)).toEqual(toJson(view.snapshot.context))
    expect(restored.differs).toEqual([])
    expect(committed).toHaveLength(1)
  })

  it('brings a refused email change back with what was typed and the message on the email', async () => {
    const { run, committed } = labRun(profileEditLab, 'refused', editing)
    run.start()
    run.send({ type: 'profile.field.set', field: 'email', value: 'demo@storefront.co.za' })
    run.send({ type: 'profile.field.set', field: 'current_password', value: 'Secret#123' })
    run.send({ type: 'profile.save' })
    await until(run, (r) => at(r) === 'refused')
    const { context } = run.getSnapshot().snapshot
    expect(context.values.email).toBe('demo@storefront.co.za')
    expect(context.errors).toEqual({ email: serverMessages.tooManyEmailChanges })
    expect(committed).toEqual([])
  })
})
