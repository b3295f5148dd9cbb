-- The language each person chose for the portal and its mails (decision 028); null until they choose one.
ALTER TABLE "accounts" ADD COLUMN "locale" text;