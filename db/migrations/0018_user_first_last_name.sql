ALTER TABLE "users" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "users" SET
  "first_name" = CASE WHEN btrim("name") ~ '\s' THEN regexp_replace(btrim("name"), '\s+\S+$', '') ELSE btrim("name") END,
  "last_name" = CASE WHEN btrim("name") ~ '\s' THEN substring(btrim("name") from '(\S+)$') ELSE '' END;
