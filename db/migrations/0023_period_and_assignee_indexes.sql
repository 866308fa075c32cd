DROP INDEX "tasks_assigned_user_idx";--> statement-breakpoint
CREATE INDEX "schedule_events_period_idx" ON "schedule_events" USING gist (tstzrange("start_at", "end_at"));--> statement-breakpoint
CREATE INDEX "tasks_assigned_user_idx" ON "tasks" USING btree ("assigned_to_user_id","status","completed_at");