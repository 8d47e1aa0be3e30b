import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import type { BundleKind } from '../../domain/bundle.ts'
import type { CatalogueBundle } from '../../domain/catalogueFile.ts'
import type { ProductBilling } from '../../domain/service.ts'
import { CATALOGUE_BILLINGS, CATALOGUE_BUNDLE_KINDS, CATALOGUE_LANGUAGES, type StaffBundle } from '../../domain/staffCatalogue.ts'
import { useStaffNavigate, useStaffPath } from '../navigation.tsx'
import { useMoney } from '../ui/format.ts'
import { Button, Card, Field, Notice, Row } from '../ui/parts.tsx'
import { createBundle, retireBundle, updateBundle } from './catalogueApi.ts'
import { EntryScreen, useEntryCalls } from './EntryScreen.tsx'
import { useCatalogueTexts } from './catalogueTexts.ts'
import { LanguageFields, type Problems, parseRand, parseWhole, TextInput } from './formParts.tsx'

type Language = (typeof CATALOGUE_LANGUAGES)[number]

/** How much one unit of the form's amount is in the catalogue's: data in MB (of bytes), calls in minutes (of seconds). */
const unitOf: Record<BundleKind, number> = { data: 1_000_000, voice: 60, sms: 1 }

/** The form as typed, strings until sent: a failed call loses nothing. */
interface BundleDraft {
  id: string
  names: Record<Language, string>
  billing: ProductBilling
  kind: BundleKind
  amount: string
  price: string
  validityDays: string
  position: string
  onSale: boolean
}

const draftOf = (b: StaffBundle): BundleDraft => ({
  id: b.id,
  names: { en: b.names.en, xh: b.names.xh ?? '', af: b.names.af ?? '' },
  billing: b.billing,
  kind: b.kind,
  amount: String(b.amount / unitOf[b.kind]),
  price: String(b.price),
  validityDays: String(b.validity_days),
  position: String(b.position),
  onSale: b.on_sale,
})

const newDraft = (position: number): BundleDraft => ({
  id: '',
  names: { en: '', xh: '', af: '' },
  billing: 'prepaid',
  kind: 'data',
  amount: '',
  price: '',
  validityDays: '30',
  position: String(position),
  onSale: false,
})

type BundleField = 'id' | 'en' | 'amount' | 'price' | 'validityDays' | 'position'

function useBundleCheck() {
  const { t } = useLingui()
  return (draft: BundleDraft): { entry: CatalogueBundle } | { problems: Problems<BundleField> } => {
    const problems: Problems<BundleField> = {}
    const id = draft.id.trim()
    if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(id)) problems.id = t`An id is 1 to 40 lower-case letters, digits and dashes, such as data-2gb.`
    if (draft.names.en.trim() === '') problems.en = t`Write the bundle's English name.`
    const typedAmount = Number(draft.amount.trim().replace(',', '.'))
    const amount = draft.amount.trim() !== '' && Number.isFinite(typedAmount) ? Math.round(typedAmount * unitOf[draft.kind]) : 0
    if (amount < 1) problems.amount = t`Write how much the bundle gives, more than nothing.`
    const price = parseRand(draft.price)
    if (price === undefined || price <= 0) problems.price = t`Write the price in rand, such as 99 or 99.50.`
    const validity = parseWhole(draft.validityDays, 1, 3650)
    if (validity === undefined) problems.validityDays = t`Write the days it lasts, from 1 to 3650.`
    const position = parseWhole(draft.position, -2_147_483_648, 2_147_483_647)
    if (position === undefined) problems.position = t`Write a whole number: smaller numbers come first on the page.`
    if (Object.keys(problems).length > 0 || price === undefined || validity === undefined || position === undefined) return { problems }
    const translation = (language: 'xh' | 'af') => (draft.names[language].trim() === '' ? null : draft.names[language].trim())
    return {
      entry: {
        id,
        names: { en: draft.names.en.trim(), xh: translation('xh'), af: translation('af') },
        billing: draft.billing,
        kind: draft.kind,
        amount,
        price,
        validity_days: validity,
        position,
        on_sale: draft.onSale,
      },
    }
  }
}

/** /staff/catalogue/bundles/$id (or /new): a bundle's names in three languages, what it gives, price, billing, order and sale. */
export function BundleScreen() {
  const { t } = useLingui()
  return (
    <EntryScreen
      param={decodeURIComponent(useStaffPath().replace(/^\/catalogue\/bundles\//, ''))}
      entries={(catalogue) => catalogue.bundles}
      idOf={(entry) => entry.id}
      titleOf={(entry) => entry.names.en}
      newTitle={t`New bundle`}
      missing={<Trans>There is no such bundle.</Trans>}
      form={({ entry, position, onSaved }) => <BundleForm entry={entry} initial={entry ? draftOf(entry) : newDraft(position)} onSaved={onSaved} />}
    />
  )
}

function BundleForm({ entry, initial, onSaved }: { entry?: StaffBundle | undefined; initial: BundleDraft; onSaved: (message: string) => void }) {
  const { t } = useLingui()
  const money = useMoney()
  const navigate = useStaffNavigate()
  const { billingName, billingExplained, kindName, errorText } = useCatalogueTexts()
  const check = useBundleCheck()
  const { current, failed, busy, call } = useEntryCalls(entry)
  const [draft, setDraft] = useState(initial)
  const [problems, setProblems] = useState<Problems<BundleField>>({})
  const retired = current?.retiredAt !== null && current?.retiredAt !== undefined
  const set =
    <K extends keyof BundleDraft>(field: K) =>
    (value: BundleDraft[K]) =>
      setDraft((d) => ({ ...d, [field]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = check(draft)
    if ('problems' in checked) {
      setProblems(checked.problems)
      return
    }
    setProblems({})
    const { id, ...edit } = checked.entry
    call(
      async () => (current ? await updateBundle(current.id, edit) : await createBundle(checked.entry)).bundle,
      (made, before) => {
        onSaved(before ? t`${made.names.en} is saved: the shop shows it within seconds.` : t`${made.names.en} is added to the catalogue.`)
        if (!before) navigate(`/catalogue/bundles/${encodeURIComponent(id)}`, { replace: true })
      },
    )
  }

  const retire = () => {
    if (!current) return
    if (!window.confirm(t`Retire ${current.names.en}? It goes off sale for good; what customers bought stays theirs.`)) return
    call(
      async () => (await retireBundle(current.id)).bundle,
      (made) => onSaved(t`${made.names.en} is retired.`),
    )
  }

  const price = parseRand(draft.price)
  const amountLabel = draft.kind === 'data' ? t`Data in MB (1 GB is 1000 MB)` : draft.kind === 'voice' ? t`Minutes of calls` : t`Number of SMS`
  return (
    <form onSubmit={submit} noValidate aria-label={t`Bundle`}>
      {retired && (
        <Notice tone="info">
          <Trans>This bundle is retired: its purchases keep what they bought, and it can no longer be changed.</Trans>
        </Notice>
      )}
      <fieldset disabled={retired || busy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Card aria-labelledby="bundle-names">
          <h2 id="bundle-names">
            <Trans>Name</Trans>
          </h2>
          {!current && (
            <TextInput
              label={t`Id`}
              hint={t`Lower-case letters, digits and dashes; it never changes once added.`}
              value={draft.id}
              onValue={set('id')}
              problem={problems.id}
              autoComplete="off"
            />
          )}
          {CATALOGUE_LANGUAGES.map((language) => (
            <LanguageFields key={language} language={language} missing={draft.names[language].trim() === ''}>
              <TextInput
                label={t`Name`}
                lang={language}
                value={draft.names[language]}
                onValue={(value) => setDraft((d) => ({ ...d, names: { ...d.names, [language]: value } }))}
                problem={language === 'en' ? problems.en : undefined}
                autoComplete="off"
              />
            </LanguageFields>
          ))}
        </Card>
        <Card aria-labelledby="bundle-gives">
          <h2 id="bundle-gives">
            <Trans>What it gives</Trans>
          </h2>
          <Row>
            <Field label={t`Kind`}>
              {(id) => (
                <select id={id} value={draft.kind} onChange={(event) => set('kind')(event.target.value as BundleKind)}>
                  {CATALOGUE_BUNDLE_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {kindName(kind)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <TextInput label={amountLabel} inputMode="decimal" value={draft.amount} onValue={set('amount')} problem={problems.amount} autoComplete="off" />
            <TextInput
              label={t`Days it lasts`}
              inputMode="numeric"
              value={draft.validityDays}
              onValue={set('validityDays')}
              problem={problems.validityDays}
              autoComplete="off"
            />
          </Row>
        </Card>
        <Card aria-labelledby="bundle-sale">
          <h2 id="bundle-sale">
            <Trans>Price, billing and page</Trans>
          </h2>
          <Row>
            <TextInput
              label={t`Price in rand, VAT included`}
              hint={price === undefined ? undefined : t`Customers see ${money(price)}.`}
              inputMode="decimal"
              value={draft.price}
              onValue={set('price')}
              problem={problems.price}
              autoComplete="off"
            />
            <Field label={t`Billing`} hint={billingExplained(draft.billing)}>
              {(id, hintId) => (
                <select id={id} aria-describedby={hintId} value={draft.billing} onChange={(event) => set('billing')(event.target.value as ProductBilling)}>
                  {CATALOGUE_BILLINGS.map((billing) => (
                    <option key={billing} value={billing}>
                      {billingName(billing)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <TextInput
              label={t`Position on the page`}
              hint={t`Smaller numbers come first.`}
              inputMode="numeric"
              value={draft.position}
              onValue={set('position')}
              problem={problems.position}
              autoComplete="off"
            />
          </Row>
          <p>
            <label>
              <input type="checkbox" checked={draft.onSale} onChange={(event) => set('onSale')(event.target.checked)} />{' '}
              <Trans>On sale: offered to the SIMs of its billing</Trans>
            </label>
          </p>
        </Card>
        {Object.keys(problems).length > 0 && (
          <Notice tone="error">
            <Trans>Nothing was saved: correct the fields marked above.</Trans>
          </Notice>
        )}
        {failed !== undefined && <Notice tone="error">{errorText(failed)}</Notice>}
        <Row>
          <div style={{ marginBottom: 12 }}>
            <Button type="submit">{current ? <Trans>Save the bundle</Trans> : <Trans>Add the bundle</Trans>}</Button>
          </div>
          {current && (
            <div style={{ marginBottom: 12 }}>
              <Button type="button" $variant="danger" onClick={retire}>
                <Trans>Retire the bundle</Trans>
              </Button>
            </div>
          )}
        </Row>
      </fieldset>
    </form>
  )
}
