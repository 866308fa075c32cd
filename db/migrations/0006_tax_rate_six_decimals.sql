ALTER TABLE "invoices" ALTER COLUMN "tax_rate" SET DATA TYPE numeric(7, 6);--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "tax_rate" SET DEFAULT '0.0875';--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "tax_rate" SET DATA TYPE numeric(7, 6);--> statement-breakpoint
ALTER TABLE "quotes" ALTER COLUMN "tax_rate" SET DEFAULT '0.0875';