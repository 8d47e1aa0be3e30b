-- The client's hashed files (dist/client/assets: scripts, the staff app's, anything a page names by a content-hashed
-- URL) of every release that served lately, so that while two releases serve together (a rolling upgrade) an instance
-- answers a page of the other release with its files, and a tab or service worker of a release that stopped serving
-- still finds the chunks it loads later. Each instance adds its build's files at start (server/http/clientAssets.ts).
-- A file never changes under its path (Vite names it by its content's hash).
create table client_assets (
  path text primary key check (path like '/assets/%'),
  content_type text not null,
  bytes bytea not null,
  -- The release that first brought the file (server/release.ts releaseName).
  release text not null,
  first_seen timestamptz not null default now(),
  -- Refreshed by every instance serving the file, at start and each day after; ASSET_HISTORY_DAYS past it, it goes.
  last_seen timestamptz not null default now()
);
create index client_assets_last_seen on client_assets (last_seen);
