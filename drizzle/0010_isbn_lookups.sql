CREATE TABLE "isbn_lookups" (
	"isbn" text PRIMARY KEY NOT NULL,
	"found" boolean NOT NULL,
	"title" text,
	"authors" text,
	"cover_content_type" text,
	"cover_bytes" "bytea",
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "isbn_lookups_isbn_format" CHECK ("isbn_lookups"."isbn" ~ '^97[89][0-9]{10}$'),
	CONSTRAINT "isbn_lookups_title_length" CHECK ("isbn_lookups"."title" IS NULL OR char_length("isbn_lookups"."title") BETWEEN 1 AND 500),
	CONSTRAINT "isbn_lookups_authors_length" CHECK ("isbn_lookups"."authors" IS NULL OR char_length("isbn_lookups"."authors") BETWEEN 1 AND 500)
);
