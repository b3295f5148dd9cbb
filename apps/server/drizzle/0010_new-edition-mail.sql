CREATE TABLE "edition_notices" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"digest_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_pacer" (
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"account_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"digest_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_account_id_file_id_pk" PRIMARY KEY("account_id","file_id"),
	CONSTRAINT "notification_deliveries_status_check" CHECK ("notification_deliveries"."status" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "notify_editions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "notify_books" uuid[];--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "notify_languages" uuid[];--> statement-breakpoint
ALTER TABLE "edition_notices" ADD CONSTRAINT "edition_notices_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edition_notices_digest_id_idx" ON "edition_notices" USING btree ("digest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_pacer_one_row" ON "mail_pacer" USING btree ((true));--> statement-breakpoint
CREATE INDEX "notification_deliveries_digest_id_account_id_idx" ON "notification_deliveries" USING btree ("digest_id","account_id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_file_id_status_idx" ON "notification_deliveries" USING btree ("file_id","status");--> statement-breakpoint
INSERT INTO "mail_pacer" ("next_at") VALUES (now());
