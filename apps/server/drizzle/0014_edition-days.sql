CREATE TABLE "edition_days" (
	"file_id" uuid PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"days" jsonb NOT NULL,
	"page_count" integer,
	"scanned" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "edition_days_source_check" CHECK ("edition_days"."source" in ('headings', 'admin', 'none'))
);
--> statement-breakpoint
CREATE TABLE "edition_pages" (
	"file_id" uuid NOT NULL,
	"page" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "edition_pages_file_id_page_pk" PRIMARY KEY("file_id","page")
);
--> statement-breakpoint
ALTER TABLE "edition_days" ADD CONSTRAINT "edition_days_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edition_pages" ADD CONSTRAINT "edition_pages_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;