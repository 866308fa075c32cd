ALTER TABLE "users" ADD COLUMN "notify_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "appointment_reminders" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_appointment_reminders_check" CHECK ("customers"."appointment_reminders" in ('none', 'email', 'sms', 'both'));--> statement-breakpoint
CREATE TABLE "notifications_sent" (
	"key" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"event_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_sent_channel_check" CHECK ("notifications_sent"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "notifications_sent" ADD CONSTRAINT "notifications_sent_event_id_schedule_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."schedule_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_sent_event_idx" ON "notifications_sent" USING btree ("event_id");
