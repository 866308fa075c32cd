DROP INDEX "activity_log_created_at_idx";--> statement-breakpoint
DROP INDEX "activity_log_customer_idx";--> statement-breakpoint
DROP INDEX "activity_log_job_idx";--> statement-breakpoint
DROP INDEX "customers_created_at_idx";--> statement-breakpoint
DROP INDEX "emails_received_at_idx";--> statement-breakpoint
DROP INDEX "inventory_transactions_item_idx";--> statement-breakpoint
DROP INDEX "inventory_transactions_created_at_idx";--> statement-breakpoint
DROP INDEX "invoices_customer_idx";--> statement-breakpoint
DROP INDEX "invoices_created_at_idx";--> statement-breakpoint
DROP INDEX "jobs_status_created_idx";--> statement-breakpoint
DROP INDEX "jobs_created_at_idx";--> statement-breakpoint
DROP INDEX "payments_invoice_idx";--> statement-breakpoint
DROP INDEX "payments_received_at_idx";--> statement-breakpoint
DROP INDEX "photos_created_at_idx";--> statement-breakpoint
DROP INDEX "quotes_customer_idx";--> statement-breakpoint
DROP INDEX "quotes_created_at_idx";--> statement-breakpoint
DROP INDEX "tasks_created_at_idx";--> statement-breakpoint
CREATE INDEX "activity_log_created_at_idx" ON "activity_log" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_log_customer_idx" ON "activity_log" USING btree ("customer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_log_job_idx" ON "activity_log" USING btree ("job_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customers_created_at_idx" ON "customers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "emails_received_at_idx" ON "emails" USING btree ("received_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "inventory_transactions_item_idx" ON "inventory_transactions" USING btree ("item_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "inventory_transactions_created_at_idx" ON "inventory_transactions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_created_at_idx" ON "invoices" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_status_created_idx" ON "jobs" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "jobs_created_at_idx" ON "jobs" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id","received_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_received_at_idx" ON "payments" USING btree ("received_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "photos_created_at_idx" ON "photos" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quotes_customer_idx" ON "quotes" USING btree ("customer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "quotes_created_at_idx" ON "quotes" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tasks_created_at_idx" ON "tasks" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);