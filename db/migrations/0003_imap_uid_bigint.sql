ALTER TABLE "email_sync_state" ALTER COLUMN "last_uid" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "emails" ALTER COLUMN "imap_uid" SET DATA TYPE bigint;