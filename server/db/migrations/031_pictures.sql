-- The catalogue's own pictures, uploaded in the back office: each drawn at the product card's sizes (320×240 and
-- 640×480 JPEG) and kept here, in the one database, so every instance serves them. A picture never changes under its
-- hash (of the uploaded bytes), which its path names: /images/catalogue/<hash>-<width>.jpg, cached for a year.
create table catalogue_pictures (
  hash text not null check (hash ~ '^[0-9a-f]{32}$'),
  width integer not null check (width in (320, 640)),
  bytes bytea not null,
  created_at timestamptz not null default now(),
  primary key (hash, width)
);

-- The catalogue role: packages, bundles and their pictures (permission editCatalogue, src/domain/staff.ts).
alter table staff drop constraint staff_role_check;
alter table staff add constraint staff_role_check check (role in ('support', 'fulfilment', 'finance', 'catalogue', 'owner'));
alter table staff_invites drop constraint staff_invites_role_check;
alter table staff_invites add constraint staff_invites_role_check check (role in ('support', 'fulfilment', 'finance', 'catalogue', 'owner'));
