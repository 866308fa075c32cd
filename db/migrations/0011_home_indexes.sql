CREATE INDEX "activity_log_type_idx" ON "activity_log" USING btree ("type","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activity_log_user_idx" ON "activity_log" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("due_date") WHERE "invoices"."balance" > 0 and "invoices"."status" not in ('paid', 'cancelled', 'draft');--> statement-breakpoint
CREATE INDEX "payment_refunds_refunded_at_idx" ON "payment_refunds" USING btree ("refunded_at");--> statement-breakpoint
CREATE INDEX "quotes_sent_at_idx" ON "quotes" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "quotes_status_total_idx" ON "quotes" USING btree ("status","total" DESC NULLS FIRST);