-- The statistics' counting: the current definition of the functions that keep the rollups (download_counts,
-- download_readers) equal to `downloads`. Migration 0004 made the tables, these functions' first version and
-- the triggers that call download_stats_follow(); 0007 replaced the functions whole. From here on this file is
-- their one source: db/download-stats.ts applies it after the migrations whenever its content differs from the
-- version the database records, and then counts every download again with it (decision 048). Change the
-- functions here, never in a new migration; a column they need comes from a migration, which runs first.
-- Statements are separated as in drizzle's migrations.

-- The day a moment falls on in a zone, as the statistics' ranges count it: the last day whose first moment
-- (`day::timestamp AT TIME ZONE zone`) is not after it. Where the clocks go back over midnight, the local
-- date of the hour that comes twice is a day ahead the first time round.
CREATE OR REPLACE FUNCTION download_day(moment timestamptz, zone text) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (moment AT TIME ZONE zone)::date
    - (moment < ((moment AT TIME ZONE zone)::date)::timestamp AT TIME ZONE zone)::int
$$;
--> statement-breakpoint
-- The first day of the month a day is in.
CREATE OR REPLACE FUNCTION download_month(day date) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('month', day::timestamp)::date
$$;
--> statement-breakpoint
-- The rollup spans a moment is counted in: its day and its month, each with the day after its last.
CREATE OR REPLACE FUNCTION download_spans(moment timestamptz, zone text)
RETURNS TABLE (span text, first_day date, ends_before date) LANGUAGE sql STABLE AS $$
  SELECT spans.*
  FROM (SELECT download_day(moment, zone) AS day) AS moment_day,
    LATERAL (SELECT download_month(day) AS month) AS moment_month,
    LATERAL (VALUES ('day', day, day + 1), ('month', month, (month + interval '1 month')::date)) AS spans
$$;
--> statement-breakpoint
-- A reader's bit in its chunk of download_readers (chunk: number / 4096).
CREATE OR REPLACE FUNCTION download_reader_bit(number integer) RETURNS bit(4096) LANGUAGE sql IMMUTABLE AS $$
  SELECT set_bit(B''::bit(4096), number % 4096, 1)
$$;
--> statement-breakpoint
-- Keeps the rollups equal to `downloads`: the rows a statement added (TG_ARGV[0] = 'added') or removed are
-- counted in or out of their spans, per role; an update removes its old rows and adds its new ones. A
-- reader's bit in a role is cleared only when none of that account's downloads of the book in that role is
-- left in the span.
CREATE OR REPLACE FUNCTION download_stats_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT time_zone FROM download_stats_zone);
  sign integer := CASE TG_ARGV[0] WHEN 'added' THEN 1 ELSE -1 END;
BEGIN
  -- In key order, so that statements running side by side take their locks in the same order.
  INSERT INTO download_counts AS d (span, first_day, book_name, language_name, role, downloads)
  SELECT s.span, s.first_day, c.book_name, c.language_name, c.role, sign * count(*)
  FROM changed AS c CROSS JOIN LATERAL download_spans(c.downloaded_at, zone) AS s
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (span, first_day, book_name, language_name, role)
  DO UPDATE SET downloads = d.downloads + excluded.downloads;

  IF sign = 1 THEN
    INSERT INTO download_reader_numbers (account_id)
    SELECT DISTINCT account_id FROM changed AS c
    WHERE account_id IS NOT NULL
      AND NOT EXISTS (SELECT FROM download_reader_numbers AS n WHERE n.account_id = c.account_id)
    ON CONFLICT DO NOTHING;

    -- Bits already set are left alone without taking the row's lock.
    INSERT INTO download_readers AS r (span, first_day, book_name, chunk, role, readers)
    SELECT span, first_day, book_name, number / 4096, role, bit_or(download_reader_bit(number))
    FROM (
      SELECT DISTINCT s.span, s.first_day, c.book_name, c.role, n.number
      FROM changed AS c
        JOIN download_reader_numbers AS n USING (account_id)
        CROSS JOIN LATERAL download_spans(c.downloaded_at, zone) AS s
    ) AS read
    WHERE NOT EXISTS (
      SELECT FROM download_readers AS r
      WHERE (r.span, r.first_day, r.book_name, r.chunk, r.role)
          = (read.span, read.first_day, read.book_name, read.number / 4096, read.role)
        AND get_bit(r.readers, read.number % 4096) = 1
    )
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (span, first_day, book_name, chunk, role) DO UPDATE SET readers = r.readers | excluded.readers;
  ELSE
    DELETE FROM download_counts AS d
    WHERE d.downloads = 0
      AND (d.span, d.first_day, d.book_name, d.language_name, d.role) IN (
        SELECT s.span, s.first_day, c.book_name, c.language_name, c.role
        FROM changed AS c CROSS JOIN LATERAL download_spans(c.downloaded_at, zone) AS s
      );

    WITH gone AS (
      SELECT DISTINCT s.*, c.book_name, c.role, c.account_id
      FROM changed AS c CROSS JOIN LATERAL download_spans(c.downloaded_at, zone) AS s
      WHERE c.account_id IS NOT NULL
    ), unread AS (
      SELECT gone.span, gone.first_day, gone.book_name, gone.role, n.number
      FROM gone JOIN download_reader_numbers AS n USING (account_id)
      WHERE NOT EXISTS (
        SELECT FROM downloads AS x
        WHERE x.account_id = gone.account_id AND x.book_name = gone.book_name AND x.role = gone.role
          AND x.downloaded_at >= gone.first_day::timestamp AT TIME ZONE zone
          AND x.downloaded_at < gone.ends_before::timestamp AT TIME ZONE zone
      )
    )
    UPDATE download_readers AS r SET readers = r.readers & ~cleared.readers
    FROM (
      SELECT span, first_day, book_name, number / 4096 AS chunk, role, bit_or(download_reader_bit(number)) AS readers
      FROM unread GROUP BY 1, 2, 3, 4, 5
    ) AS cleared
    WHERE (r.span, r.first_day, r.book_name, r.chunk, r.role)
      = (cleared.span, cleared.first_day, cleared.book_name, cleared.chunk, cleared.role);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Counts every download again in download_stats_zone's time zone (a server started with another TIME_ZONE,
-- and this file applied anew).
CREATE OR REPLACE FUNCTION download_stats_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT time_zone FROM download_stats_zone);
BEGIN
  TRUNCATE download_counts, download_readers;

  INSERT INTO download_reader_numbers (account_id)
  SELECT DISTINCT account_id FROM downloads AS d
  WHERE account_id IS NOT NULL
    AND NOT EXISTS (SELECT FROM download_reader_numbers AS n WHERE n.account_id = d.account_id);

  -- The days from the downloads, then each month from its days.
  INSERT INTO download_counts (span, first_day, book_name, language_name, role, downloads)
  SELECT 'day', download_day(downloaded_at, zone), book_name, language_name, role, count(*)
  FROM downloads GROUP BY 2, 3, 4, 5;
  INSERT INTO download_counts (span, first_day, book_name, language_name, role, downloads)
  SELECT 'month', download_month(first_day), book_name, language_name, role, sum(downloads)
  FROM download_counts GROUP BY 2, 3, 4, 5;

  INSERT INTO download_readers (span, first_day, book_name, chunk, role, readers)
  SELECT 'day', download_day(d.downloaded_at, zone), d.book_name, n.number / 4096, d.role,
    bit_or(download_reader_bit(n.number))
  FROM downloads AS d JOIN download_reader_numbers AS n USING (account_id)
  GROUP BY 2, 3, 4, 5;
  INSERT INTO download_readers (span, first_day, book_name, chunk, role, readers)
  SELECT 'month', download_month(first_day), book_name, chunk, role, bit_or(readers)
  FROM download_readers GROUP BY 2, 3, 4, 5;
END
$$;
