import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Queryable } from '../../db/types.ts'

// What oidc-provider gives no lifetime for lives as long as its longest sandbox ttl (issuer.ts), never for ever.
const defaultLifeSeconds = 600

/**
 * The sandbox issuers' storage (sessions, interactions, codes, grants, tokens) in the database, so a sign-in
 * started on one server instance can finish on another; each row lives until the expiry the provider gives it.
 */
export function dbAdapterFactory(db: Queryable): (model: string) => Adapter {
  return (model) => {
    const findWhere = async (where: string, value: string) => {
      const [row] = await db.query<{ payload: AdapterPayload }>(
        `select payload from sandbox_oidc where model = $1 and ${where} = $2 and expires_at > now() limit 1`,
        [model, value],
      )
      return row?.payload
    }
    return {
      async upsert(id, payload, expiresIn) {
        await db.query(
          `insert into sandbox_oidc (model, id, payload, uid, user_code, grant_id, expires_at)
           values ($1, $2, $3::text::jsonb, $4, $5, $6, now() + make_interval(secs => $7))
           on conflict (model, id) do update set payload = excluded.payload, uid = excluded.uid, user_code = excluded.user_code,
             grant_id = excluded.grant_id, expires_at = excluded.expires_at`,
          [model, id, JSON.stringify(payload), payload.uid ?? null, payload.userCode ?? null, payload.grantId ?? null, expiresIn ?? defaultLifeSeconds],
        )
        // Sessions are written once per sign-in: a fair moment to forget what has expired.
        if (model === 'Session') await db.query('delete from sandbox_oidc where expires_at < now()')
      },
      find: (id) => findWhere('id', id),
      findByUid: (uid) => findWhere('uid', uid),
      findByUserCode: (userCode) => findWhere('user_code', userCode),
      async consume(id) {
        await db.query(
          `update sandbox_oidc set payload = jsonb_set(payload, '{consumed}', to_jsonb(floor(extract(epoch from now()))::bigint))
           where model = $1 and id = $2`,
          [model, id],
        )
      },
      async destroy(id) {
        await db.query('delete from sandbox_oidc where model = $1 and id = $2', [model, id])
      },
      async revokeByGrantId(grantId) {
        await db.query('delete from sandbox_oidc where grant_id = $1', [grantId])
      },
    }
  }
}
