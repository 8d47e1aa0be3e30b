import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import type { StaffBundle, StaffCatalogue, StaffPackage } from '../../domain/staffCatalogue.ts'
import { staffLanguages } from '../i18n.ts'
import { StaffLink } from '../navigation.tsx'
import { useMoney } from '../ui/format.ts'
import { Card, Notice, Row, TableBox, TableHead } from '../ui/parts.tsx'
import { ScreenTitle } from '../ui/ScreenTitle.tsx'
import { readCatalogue } from './catalogueApi.ts'
import { useCatalogueTexts } from './catalogueTexts.ts'
import { Tag } from './formParts.tsx'

/** On sale, off sale or retired. */
function SaleState({ entry }: { entry: { on_sale: boolean; retiredAt: string | null } }) {
  if (entry.retiredAt !== null)
    return (
      <Tag $tone="quiet">
        <Trans>Retired</Trans>
      </Tag>
    )
  return entry.on_sale ? (
    <Tag $tone="good">
      <Trans>On sale</Trans>
    </Tag>
  ) : (
    <Tag $tone="quiet">
      <Trans>Not on sale</Trans>
    </Tag>
  )
}

/** The translations a text still lacks, each flagged: the shop shows those customers the English meanwhile. */
export function MissingTranslations({ translated }: { translated: { xh?: unknown; af?: unknown } }) {
  const missing = (['xh', 'af'] as const).filter((language) => translated[language] === null || translated[language] === undefined)
  if (missing.length === 0)
    return (
      <Tag $tone="good">
        <Trans>All translated</Trans>
      </Tag>
    )
  return (
    <>
      {missing.map((language) => (
        <Tag key={language} $tone="warn">
          <Trans>{staffLanguages[language]} missing</Trans>
        </Tag>
      ))}
    </>
  )
}

type Shown = { kind: 'loading' } | { kind: 'failed'; error: unknown } | { kind: 'shown'; catalogue: StaffCatalogue }

/** /staff/catalogue: every package and bundle with its state and its missing translations, each a link to its form. */
export function CatalogueScreen() {
  const { t } = useLingui()
  const { errorText } = useCatalogueTexts()
  const [shown, setShown] = useState<Shown>({ kind: 'loading' })
  useEffect(() => {
    let live = true
    readCatalogue().then(
      (catalogue) => live && setShown({ kind: 'shown', catalogue }),
      (error: unknown) => live && setShown({ kind: 'failed', error }),
    )
    return () => {
      live = false
    }
  }, [])
  return (
    <>
      <ScreenTitle title={t`Catalogue`}>
        <Trans>Catalogue</Trans>
      </ScreenTitle>
      <p>
        <Trans>What the shop sells. A change reaches every customer's next visit within seconds; placed orders keep their price.</Trans>
      </p>
      <Row>
        <p>
          <StaffLink to="/catalogue/packages/new">
            <Trans>Add a package</Trans>
          </StaffLink>
        </p>
        <p>
          <StaffLink to="/catalogue/bundles/new">
            <Trans>Add a bundle</Trans>
          </StaffLink>
        </p>
      </Row>
      {shown.kind === 'loading' && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {shown.kind === 'failed' && <Notice tone="error">{errorText(shown.error)}</Notice>}
      {shown.kind === 'shown' && (
        <>
          <Packages packages={shown.catalogue.packages} />
          <Bundles bundles={shown.catalogue.bundles} />
        </>
      )}
    </>
  )
}

function Packages({ packages }: { packages: StaffPackage[] }) {
  const { t } = useLingui()
  const money = useMoney()
  const { billingName } = useCatalogueTexts()
  return (
    <Card aria-labelledby="catalogue-packages">
      <h2 id="catalogue-packages">
        <Trans>Packages</Trans>
      </h2>
      {packages.length === 0 ? (
        <p>
          <Trans>No packages yet: customers see "nothing on sale yet".</Trans>
        </p>
      ) : (
        <TableBox label={t`Packages in the catalogue`}>
          <table>
            <TableHead columns={[t`Name`, t`Price`, t`Billing`, t`Position`, t`State`, t`Translations`]} />
            <tbody>
              {packages.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    <StaffLink to={`/catalogue/packages/${p.id}`}>{p.texts.en.name}</StaffLink>
                    <div>{p.texts.en.speed}</div>
                  </th>
                  <td>{money(p.price)}</td>
                  <td>{billingName(p.billing)}</td>
                  <td>{p.position}</td>
                  <td>
                    <SaleState entry={p} />
                  </td>
                  <td>
                    <MissingTranslations translated={p.texts} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </Card>
  )
}

function Bundles({ bundles }: { bundles: StaffBundle[] }) {
  const { t } = useLingui()
  const money = useMoney()
  const { billingName, kindName } = useCatalogueTexts()
  return (
    <Card aria-labelledby="catalogue-bundles">
      <h2 id="catalogue-bundles">
        <Trans>Bundles</Trans>
      </h2>
      {bundles.length === 0 ? (
        <p>
          <Trans>No bundles yet.</Trans>
        </p>
      ) : (
        <TableBox label={t`Bundles in the catalogue`}>
          <table>
            <TableHead columns={[t`Name`, t`Kind`, t`Price`, t`Billing`, t`Position`, t`State`, t`Translations`]} />
            <tbody>
              {bundles.map((b) => (
                <tr key={b.id}>
                  <th scope="row">
                    <StaffLink to={`/catalogue/bundles/${encodeURIComponent(b.id)}`}>{b.names.en}</StaffLink>
                    <div>
                      <code>{b.id}</code>
                    </div>
                  </th>
                  <td>{kindName(b.kind)}</td>
                  <td>{money(b.price)}</td>
                  <td>{billingName(b.billing)}</td>
                  <td>{b.position}</td>
                  <td>
                    <SaleState entry={b} />
                  </td>
                  <td>
                    <MissingTranslations translated={b.names} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </Card>
  )
}
