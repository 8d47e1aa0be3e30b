import * as v from 'valibot'

/**
 * What PostgreSQL can store: text without U+0000 and without half of a UTF-16 surrogate pair (which has no
 * UTF-8 form), and ids within bigint. Shared by the schemas, the server's request edge and its records.
 */

// No `u` flag, so the classes match single UTF-16 code units and a lone half is found wherever it stands.
const unstorable = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const unstorableAll = new RegExp(unstorable.source, 'g')

export const isStorableText = (text: string): boolean => !unstorable.test(text)

/** The rule every text field of the shared schemas carries, with that field's message. */
export const storableText = (message: string) => v.check<string, string>(isStorableText, message)

/** For text we must keep but did not choose (a provider's record of a real payment): each bad unit becomes U+FFFD. */
export const toStorableText = (text: string): string => text.replace(unstorableAll, '\uFFFD')

/** "<Field> contains characters that cannot be saved.": the message of the rule above. */
export const unsavable = (field: string): string => `${field} contains characters that cannot be saved.`

/** The largest id the API accepts in a path or a body: 15 digits, inside bigint and a safe JS integer. */
export const MAX_ID = 999_999_999_999_999

/** products.id is a PostgreSQL integer. */
export const MAX_PRODUCT_ID = 2_147_483_647

/** RFC 5321's limit; longer would also overflow the unique index on customers' emails. */
export const MAX_EMAIL_LENGTH = 254

/** The most characters (UTF-16 code units) a person or address field holds: room for any real name, none for a payload. */
export const MAX_FIELD_LENGTH = 100

/** The most a free-text note on an order (delivery instructions, comments) holds. */
export const MAX_NOTE_LENGTH = 500

// Embeddings, overrides (U+202A-U+202E) and isolates (U+2066-U+2069) reorder the text around them: "Thandi\u202Egnp.exe".
const bidiControl = /[\u202A-\u202E\u2066-\u2069]/

export const hasBidiControl = (text: string): boolean => bidiControl.test(text)

/** The rule names carry: no character that makes text read in another order than it is stored. */
export const noBidiControls = (message: string) => v.check<string, string>((text) => !hasBidiControl(text), message)
