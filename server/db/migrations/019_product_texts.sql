-- A package's wording in the languages other than English (products holds the English): catalogue text is content,
-- so a new package is translated by its rows here, not by the app's code. GET /api/v2/bootstrap carries every language.
create table product_texts (
  product_id integer not null references products (id) on delete cascade,
  language text not null check (language in ('xh', 'af')),
  name text not null check (length(name) > 0),
  plan text not null,
  speed text not null,
  primary key (product_id, language)
);
