DROP INDEX "downloads_downloaded_at_language_idx";--> statement-breakpoint
DROP INDEX "downloads_book_downloaded_at_language_idx";--> statement-breakpoint
CREATE INDEX "downloads_downloaded_at_language_account_idx" ON "downloads" USING btree ("downloaded_at","language_name","account_id");--> statement-breakpoint
CREATE INDEX "downloads_book_downloaded_at_language_account_idx" ON "downloads" USING btree ("book_name","downloaded_at","language_name","account_id");