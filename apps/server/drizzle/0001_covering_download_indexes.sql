DROP INDEX "downloads_downloaded_at_idx";--> statement-breakpoint
DROP INDEX "downloads_book_name_downloaded_at_idx";--> statement-breakpoint
CREATE INDEX "downloads_downloaded_at_language_idx" ON "downloads" USING btree ("downloaded_at","language_name");--> statement-breakpoint
CREATE INDEX "downloads_book_downloaded_at_language_idx" ON "downloads" USING btree ("book_name","downloaded_at","language_name");