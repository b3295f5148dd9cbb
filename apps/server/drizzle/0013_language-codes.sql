ALTER TABLE "languages" ADD COLUMN "code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "languages_code_key" ON "languages" USING btree ("code");