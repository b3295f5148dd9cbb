CREATE TABLE "account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "account_tokens_purpose_check" CHECK ("account_tokens"."purpose" in ('verify-email', 'reset-password'))
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'User' NOT NULL,
	"church_id" uuid,
	"country" text,
	"address" text,
	"is_member" boolean DEFAULT true NOT NULL,
	"accept_terms" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"legacy_id" text,
	CONSTRAINT "accounts_email_unique" UNIQUE("email"),
	CONSTRAINT "accounts_legacy_id_unique" UNIQUE("legacy_id"),
	CONSTRAINT "accounts_role_check" CHECK ("accounts"."role" in ('Super Admin', 'Admin', 'User')),
	CONSTRAINT "accounts_email_normalised_check" CHECK ("accounts"."email" = lower(btrim("accounts"."email")))
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "churches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"allocation" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"legacy_id" text,
	CONSTRAINT "churches_legacy_id_unique" UNIQUE("legacy_id"),
	CONSTRAINT "churches_allocation_check" CHECK ("churches"."allocation" >= 0)
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "countries_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"file_id" uuid,
	"book_name" text NOT NULL,
	"language_name" text NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"downloaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"legacy_id" text,
	CONSTRAINT "downloads_legacy_id_unique" UNIQUE("legacy_id")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"language_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"file_size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text DEFAULT 'application/pdf' NOT NULL,
	"original_name" text NOT NULL,
	"sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"legacy_id" text,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "files_legacy_id_unique" UNIQUE("legacy_id"),
	CONSTRAINT "files_month_check" CHECK ("files"."month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"legacy_id" text,
	CONSTRAINT "languages_legacy_id_unique" UNIQUE("legacy_id")
);
--> statement-breakpoint
CREATE TABLE "migration_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dry_run" boolean NOT NULL,
	"report" jsonb NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"family_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"replaced_by" uuid,
	"created_by_ip" text,
	"user_agent" text,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_church_id_churches_id_fk" FOREIGN KEY ("church_id") REFERENCES "public"."churches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "downloads" ADD CONSTRAINT "downloads_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "migration_reports" ADD CONSTRAINT "migration_reports_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_tokens_account_id_idx" ON "account_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "accounts_created_at_idx" ON "accounts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "accounts_church_id_idx" ON "accounts" USING btree ("church_id");--> statement-breakpoint
CREATE UNIQUE INDEX "books_name_key" ON "books" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "churches_country_name_key" ON "churches" USING btree ("country",lower("name"));--> statement-breakpoint
CREATE INDEX "downloads_downloaded_at_idx" ON "downloads" USING btree ("downloaded_at");--> statement-breakpoint
CREATE INDEX "downloads_book_name_downloaded_at_idx" ON "downloads" USING btree ("book_name","downloaded_at");--> statement-breakpoint
CREATE INDEX "downloads_account_id_downloaded_at_idx" ON "downloads" USING btree ("account_id","downloaded_at");--> statement-breakpoint
CREATE INDEX "downloads_account_id_file_id_downloaded_at_idx" ON "downloads" USING btree ("account_id","file_id","downloaded_at");--> statement-breakpoint
CREATE INDEX "downloads_file_id_idx" ON "downloads" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "files_edition_key" ON "files" USING btree ("book_id","language_id","year","month");--> statement-breakpoint
CREATE INDEX "files_book_year_month_idx" ON "files" USING btree ("book_id","year","month");--> statement-breakpoint
CREATE INDEX "files_language_id_idx" ON "files" USING btree ("language_id");--> statement-breakpoint
CREATE INDEX "files_created_at_idx" ON "files" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "languages_name_key" ON "languages" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "refresh_tokens_account_id_idx" ON "refresh_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens" USING btree ("family_id");