-- Written by hand (drizzle-kit does not manage extensions). Item search (docs/decisions/0027-search.md)
-- tolerates typos through pg_trgm's trigram indexes. pg_trgm ships with PostgreSQL (contrib: the embedded
-- server, Debian's postgresql package) and is a trusted extension since PostgreSQL 13, so the app's own
-- role may create it in its database.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
