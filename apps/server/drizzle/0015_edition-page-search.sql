ALTER TABLE "edition_pages" ADD COLUMN "search_config" "regconfig" DEFAULT 'simple'::regconfig NOT NULL;--> statement-breakpoint
-- Pages read before: their edition's language's configuration, as searchConfigOf (modules/editions/search.ts) gives it.
UPDATE "edition_pages" SET "search_config" = (CASE "languages"."code"
  WHEN 'en' THEN 'english' WHEN 'fr' THEN 'french' WHEN 'es' THEN 'spanish' WHEN 'pt' THEN 'portuguese'
  ELSE 'simple' END)::regconfig
FROM "files" JOIN "languages" ON "languages"."id" = "files"."language_id"
WHERE "files"."id" = "edition_pages"."file_id";--> statement-breakpoint
ALTER TABLE "edition_pages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector(search_config, text)) STORED;--> statement-breakpoint
CREATE INDEX "edition_pages_search_idx" ON "edition_pages" USING gin ("search");