CREATE TABLE "download_progress" (
	"account_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"bytes" bigint NOT NULL,
	"counted" boolean NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "download_progress_account_id_file_id_pk" PRIMARY KEY("account_id","file_id")
);
--> statement-breakpoint
CREATE INDEX "download_progress_last_at_idx" ON "download_progress" USING btree ("last_at");