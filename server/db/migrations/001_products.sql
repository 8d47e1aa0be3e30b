-- The catalogue of data packages that GET /api/v2/bootstrap lists.
create table products (
  id integer primary key,
  name text not null check (length(name) > 0),
  plan text not null,
  unit_price numeric(10, 2) not null check (unit_price >= 0),
  speed text not null,
  image text not null,
  active boolean not null default true,
  sort integer not null default 0
);

create index products_active_sort on products (sort, id) where active;
