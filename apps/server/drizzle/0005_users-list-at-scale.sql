-- Trigram indexes for the user list's search; pg_trgm ships with PostgreSQL (contrib) and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "account_list_state" (
	"accounts" integer NOT NULL,
	"version" uuid NOT NULL
);
--> statement-breakpoint
DROP INDEX "accounts_created_at_idx";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("accounts"."first_name" || ' ' || "accounts"."last_name" || ' ' || "accounts"."email" || ' ' || coalesce("accounts"."country", ''))) STORED;--> statement-breakpoint
CREATE UNIQUE INDEX "account_list_state_one_row" ON "account_list_state" USING btree ((true));--> statement-breakpoint
CREATE INDEX "accounts_created_at_id_idx" ON "accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_search_text_idx" ON "accounts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "churches_name_trgm_idx" ON "churches" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- Keeps account_list_state true: each statement on accounts adds the rows it inserted (TG_ARGV[0] = 'added')
-- or takes away those it deleted ('removed'), and any statement that may change what a search finds
-- (these, updates of accounts, updates and deletes of churches: 'changed') gives it a new version. Writers
-- wait for each other on the one row until they commit.
CREATE FUNCTION account_list_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  difference integer := 0;
BEGIN
  IF TG_ARGV[0] = 'added' THEN
    difference := (SELECT count(*) FROM changed);
  ELSIF TG_ARGV[0] = 'removed' THEN
    difference := -(SELECT count(*) FROM changed);
  END IF;
  UPDATE account_list_state SET accounts = accounts + difference, version = gen_random_uuid();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_list_added AFTER INSERT ON accounts REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION account_list_follow('added');--> statement-breakpoint
CREATE TRIGGER accounts_list_removed AFTER DELETE ON accounts REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION account_list_follow('removed');--> statement-breakpoint
CREATE TRIGGER accounts_list_changed AFTER UPDATE ON accounts
  FOR EACH STATEMENT EXECUTE FUNCTION account_list_follow('changed');--> statement-breakpoint
CREATE TRIGGER churches_list_changed AFTER UPDATE OR DELETE ON churches
  FOR EACH STATEMENT EXECUTE FUNCTION account_list_follow('changed');--> statement-breakpoint
-- The ALTER TABLE above locked accounts until the migrations commit: no account comes or goes between this
-- count and the triggers.
INSERT INTO account_list_state (accounts, version) SELECT count(*), gen_random_uuid() FROM accounts;
