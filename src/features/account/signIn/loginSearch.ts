import * as v from 'valibot'

const SignedIn = v.picklist(['google', 'facebook', 'twitter'])
// A path of this site: one slash, not two (nor a backslash, which browsers read as one), so never another host.
const SitePath = v.pipe(v.string(), v.regex(/^\/(?![/\\])/))

/** /login's search: a social sign-in's return (?signed_in=<provider> or ?error=social), and where the customer was heading. */
export interface LoginSearch {
  signed_in?: v.InferOutput<typeof SignedIn> | undefined
  error?: string | undefined
  redirect?: string | undefined
}

const valid = <S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> | undefined => {
  const parsed = v.safeParse(schema, value)
  return parsed.success ? parsed.output : undefined
}

/** Each key is named, an invalid one as undefined: the router lays the result over the raw search, which would keep it. */
export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return {
    signed_in: valid(SignedIn, search.signed_in),
    error: valid(v.string(), search.error),
    redirect: valid(SitePath, search.redirect),
  }
}
