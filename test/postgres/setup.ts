// These tests are about PostgreSQL itself (its pool, its locks): they run against a real server or not at all.
if (!process.env.DATABASE_URL?.startsWith('postgres'))
  throw new Error(
    'The postgres project needs a PostgreSQL server: eval "$(bash .ci/postgres.sh start)", then DATABASE_URL=$DATABASE_URL npx vitest run --project postgres',
  )
