CREATE TABLE "photo_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'issued' NOT NULL,
	"object_key" text NOT NULL,
	"mime_type" text,
	"file_size" integer,
	"sha256" text,
	"width" integer,
	"height" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"stored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "viewer_path" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "derivative_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "show_in_portal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_uploads" ADD CONSTRAINT "photo_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_uploads_created_at_idx" ON "photo_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "photos_title_trgm_idx" ON "photos" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "photos_description_trgm_idx" ON "photos" USING gin ("description" gin_trgm_ops);