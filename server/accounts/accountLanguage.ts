import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../src/domain/languageCodes.ts'
import type { Queryable } from '../db/types.ts'

/** A stored language as one of ours (customers.language allows only those); English for none. */
export const storedLanguage = (value: string | null | undefined): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE)

/** The language the customer chose for their account: every mail to them speaks it, whatever device asked for it. */
export async function accountLanguage(db: Queryable, customerId: number): Promise<Language> {
  const [row] = await db.query<{ language: string }>('select language from customers where id = $1', [customerId])
  return storedLanguage(row?.language)
}

/** The language of the account that signs in with `email` (compared as the unique index compares it); undefined for none. */
export async function languageOfEmail(db: Queryable, email: string): Promise<Language | undefined> {
  const [row] = await db.query<{ language: string }>('select language from customers where lower(email) = lower($1)', [email.trim()])
  return row && storedLanguage(row.language)
}

/** Records the language the customer picked while signed in (PUT /v2/users/{user_id}/language). */
export async function updateLanguage(tx: Queryable, customerId: number, language: Language): Promise<undefined> {
  await tx.query('update customers set language = $2 where id = $1', [customerId, language])
  return undefined
}
