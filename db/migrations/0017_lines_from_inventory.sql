ALTER TABLE "quote_items" ADD COLUMN "inventory_item_id" integer;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "unit_cost" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "inventory_item_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "unit_cost" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE set null ON UPDATE no action;
