import { Trans, useLingui } from '@lingui/react/macro'
import { type FormEvent, useState } from 'react'
import type { ProductText } from '../../domain/product.ts'
import type { ProductBilling } from '../../domain/service.ts'
import { CATALOGUE_BILLINGS, CATALOGUE_LANGUAGES, type PackageEdit, type StaffPackage } from '../../domain/staffCatalogue.ts'
import { staffLanguages } from '../i18n.ts'
import { useStaffNavigate, useStaffPath } from '../navigation.tsx'
import { useMoney } from '../ui/format.ts'
import { Button, Card, Field, Notice, Row } from '../ui/parts.tsx'
import { createPackage, retirePackage, updatePackage } from './catalogueApi.ts'
import { EntryScreen, useEntryCalls } from './EntryScreen.tsx'
import { useCatalogueTexts } from './catalogueTexts.ts'
import { LanguageFields, type Problems, parseRand, parseWhole, TextInput } from './formParts.tsx'
import { PictureField } from './PictureField.tsx'

type Language = (typeof CATALOGUE_LANGUAGES)[number]
type TextDraft = { name: string; plan: string; speed: string }

/** The form as typed: strings until it is sent, so nothing the member typed is lost to a parse or a failed call. */
export interface PackageDraft {
  texts: Record<Language, TextDraft>
  price: string
  billing: ProductBilling
  image: string
  position: string
  onSale: boolean
  networkPlan: string
}

const emptyText: TextDraft = { name: '', plan: '', speed: '' }

const draftOf = (p: StaffPackage): PackageDraft => ({
  texts: { en: { ...p.texts.en }, xh: { ...(p.texts.xh ?? emptyText) }, af: { ...(p.texts.af ?? emptyText) } },
  price: String(p.price),
  billing: p.billing,
  image: p.image,
  position: String(p.position),
  onSale: p.on_sale,
  networkPlan: p.network_plan ?? '',
})

const newDraft = (position: number): PackageDraft => ({
  texts: { en: { ...emptyText }, xh: { ...emptyText }, af: { ...emptyText } },
  price: '',
  billing: 'prepaid',
  image: '',
  position: String(position),
  onSale: false,
  networkPlan: '',
})

const isEmpty = (text: TextDraft) => text.name.trim() === '' && text.plan.trim() === '' && text.speed.trim() === ''
const trimmed = (text: TextDraft): ProductText => ({ name: text.name.trim(), plan: text.plan.trim(), speed: text.speed.trim() })

type PackageField = `${Language}.name` | 'price' | 'image' | 'position'

/** The entry to send, or each problem in the member's language (the server checks again with the catalogue file's schema). */
function usePackageCheck() {
  const { t } = useLingui()
  return (draft: PackageDraft): { entry: PackageEdit } | { problems: Problems<PackageField> } => {
    const problems: Problems<PackageField> = {}
    if (draft.texts.en.name.trim() === '') problems['en.name'] = t`Write the package's English name.`
    for (const language of ['xh', 'af'] as const)
      if (!isEmpty(draft.texts[language]) && draft.texts[language].name.trim() === '')
        problems[`${language}.name`] =
          t`Write the ${staffLanguages[language]} name too, or empty all three ${staffLanguages[language]} fields to leave it missing.`
    const price = parseRand(draft.price)
    if (price === undefined) problems.price = t`Write the price in rand, such as 299 or 299.50.`
    const position = parseWhole(draft.position, -2_147_483_648, 2_147_483_647)
    if (position === undefined) problems.position = t`Write a whole number: smaller numbers come first on the page.`
    if (!/^\/[^\s"'<>\\]*$/.test(draft.image)) problems.image = t`Upload the package's picture.`
    if (Object.keys(problems).length > 0 || price === undefined || position === undefined) return { problems }
    const translation = (language: 'xh' | 'af') => (isEmpty(draft.texts[language]) ? null : trimmed(draft.texts[language]))
    return {
      entry: {
        texts: { en: trimmed(draft.texts.en), xh: translation('xh'), af: translation('af') },
        price,
        billing: draft.billing,
        image: draft.image,
        position,
        on_sale: draft.onSale,
        network_plan: draft.networkPlan.trim() === '' ? null : draft.networkPlan.trim(),
      },
    }
  }
}

/** /staff/catalogue/packages/$id (or /new): a package's texts in three languages, price, billing, picture, order and sale. */
export function PackageScreen() {
  const { t } = useLingui()
  return (
    <EntryScreen
      param={useStaffPath().replace(/^\/catalogue\/packages\//, '')}
      entries={(catalogue) => catalogue.packages}
      idOf={(entry) => String(entry.id)}
      titleOf={(entry) => entry.texts.en.name}
      newTitle={t`New package`}
      missing={<Trans>There is no such package.</Trans>}
      form={({ entry, position, onSaved }) => <PackageForm entry={entry} initial={entry ? draftOf(entry) : newDraft(position)} onSaved={onSaved} />}
    />
  )
}

/** The package's form: sent whole; a refused or failed call keeps every field as typed and says why in the member's language. */
export function PackageForm({ entry, initial, onSaved }: { entry?: StaffPackage | undefined; initial: PackageDraft; onSaved: (message: string) => void }) {
  const { t } = useLingui()
  const money = useMoney()
  const navigate = useStaffNavigate()
  const { billingName, billingExplained, errorText } = useCatalogueTexts()
  const check = usePackageCheck()
  const { current, failed, busy, call } = useEntryCalls(entry)
  const [draft, setDraft] = useState(initial)
  const [problems, setProblems] = useState<Problems<PackageField>>({})
  const retired = current?.retiredAt !== null && current?.retiredAt !== undefined
  const setText = (language: Language, field: keyof TextDraft) => (value: string) =>
    setDraft((d) => ({ ...d, texts: { ...d.texts, [language]: { ...d.texts[language], [field]: value } } }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = check(draft)
    if ('problems' in checked) {
      setProblems(checked.problems)
      return
    }
    setProblems({})
    const sent = checked.entry
    call(
      async () => (current ? await updatePackage(current.id, sent) : await createPackage(sent)).package,
      (made, before) => {
        onSaved(
          before
            ? t`${made.texts.en.name} is saved: the shop shows it within seconds. Placed orders keep the price they were placed at.`
            : t`${made.texts.en.name} is added to the catalogue.`,
        )
        if (!before) navigate(`/catalogue/packages/${made.id}`, { replace: true })
      },
    )
  }

  const retire = () => {
    if (!current) return
    if (!window.confirm(t`Retire ${current.texts.en.name}? It goes off sale for good; orders and SIMs that name it keep showing it.`)) return
    call(
      async () => (await retirePackage(current.id)).package,
      (made) => onSaved(t`${made.texts.en.name} is retired.`),
    )
  }

  const price = parseRand(draft.price)
  return (
    <form onSubmit={submit} noValidate aria-label={t`Package`}>
      {retired && (
        <Notice tone="info">
          <Trans>This package is retired: it stays readable on the orders and SIMs that name it, and can no longer be changed.</Trans>
        </Notice>
      )}
      <fieldset disabled={retired || busy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Card aria-labelledby="package-texts">
          <h2 id="package-texts">
            <Trans>Name, plan and speed line</Trans>
          </h2>
          {CATALOGUE_LANGUAGES.map((language) => (
            <LanguageFields key={language} language={language} missing={isEmpty(draft.texts[language])}>
              <Row>
                <TextInput
                  label={t`Name`}
                  lang={language}
                  value={draft.texts[language].name}
                  onValue={setText(language, 'name')}
                  problem={problems[`${language}.name`]}
                  autoComplete="off"
                />
                <TextInput label={t`Plan`} lang={language} value={draft.texts[language].plan} onValue={setText(language, 'plan')} autoComplete="off" />
                <TextInput label={t`Speed line`} lang={language} value={draft.texts[language].speed} onValue={setText(language, 'speed')} autoComplete="off" />
              </Row>
            </LanguageFields>
          ))}
        </Card>
        <Card aria-labelledby="package-sale">
          <h2 id="package-sale">
            <Trans>Price and billing</Trans>
          </h2>
          <Row>
            <TextInput
              label={t`Price in rand, VAT included`}
              hint={price === undefined ? undefined : t`Customers see ${money(price)}.`}
              inputMode="decimal"
              value={draft.price}
              onValue={(value) => setDraft((d) => ({ ...d, price: value }))}
              problem={problems.price}
              autoComplete="off"
            />
            <Field
              label={t`Billing`}
              hint={
                current?.ordered
                  ? `${billingExplained(draft.billing)} ${t`Orders or SIMs name this package, so its billing stays.`}`
                  : billingExplained(draft.billing)
              }
            >
              {(id, hintId) => (
                <select
                  id={id}
                  aria-describedby={hintId}
                  value={draft.billing}
                  disabled={current?.ordered}
                  onChange={(event) => setDraft((d) => ({ ...d, billing: event.target.value as ProductBilling }))}
                >
                  {CATALOGUE_BILLINGS.map((billing) => (
                    <option key={billing} value={billing}>
                      {billingName(billing)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </Row>
        </Card>
        <Card aria-labelledby="package-page">
          <h2 id="package-page">
            <Trans>On the shop's page</Trans>
          </h2>
          <Row>
            <div style={{ flex: '1 1 16rem', minWidth: 0 }}>
              <PictureField label={t`Picture`} value={draft.image} onChange={(image) => setDraft((d) => ({ ...d, image }))} />
              {problems.image && <Notice tone="error">{problems.image}</Notice>}
            </div>
            <TextInput
              label={t`Position on the page`}
              hint={t`Smaller numbers come first.`}
              inputMode="numeric"
              value={draft.position}
              onValue={(value) => setDraft((d) => ({ ...d, position: value }))}
              problem={problems.position}
              autoComplete="off"
            />
            <TextInput
              label={t`Network plan code`}
              hint={t`The code the network activates it by; empty: the package's number.`}
              value={draft.networkPlan}
              onValue={(value) => setDraft((d) => ({ ...d, networkPlan: value }))}
              autoComplete="off"
            />
          </Row>
          <p>
            <label>
              <input type="checkbox" checked={draft.onSale} onChange={(event) => setDraft((d) => ({ ...d, onSale: event.target.checked }))} />{' '}
              <Trans>On sale: listed in the shop and orderable</Trans>
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
            <Button type="submit">{current ? <Trans>Save the package</Trans> : <Trans>Add the package</Trans>}</Button>
          </div>
          {current && (
            <div style={{ marginBottom: 12 }}>
              <Button type="button" $variant="danger" onClick={retire}>
                <Trans>Retire the package</Trans>
              </Button>
            </div>
          )}
        </Row>
      </fieldset>
    </form>
  )
}
