-- Teevo and Take5 were seeded in one statement, so they share a creation time. The download panel offers
-- the first book added first: make Teevo's a millisecond earlier, as it came first.
UPDATE "books" SET "created_at" = "created_at" - interval '1 millisecond'
WHERE lower("name") = 'teevo'
  AND "created_at" = (SELECT "created_at" FROM "books" WHERE lower("name") = 'take5');
