-- Reports served by indexes and by two summary tables kept by triggers in the writes' own transaction
-- (docs/decisions/reports.md, "Measured"). Triggers, not model hooks: every writer (the models, imports,
-- the seeds, tests that insert rows directly) keeps the summaries exact with no call to forget.
--
-- report_invoice_ar: per invoice, what AR aging needs without summing payments per request — the
-- invoice's customer, issued flag, dates and total, all payments and refunds ever recorded against it,
-- and the latest instant of any of them (never lowered: a deleted payment leaves it as it was, which
-- only sends the invoice to the exact per-payment path).
CREATE TABLE "report_invoice_ar" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"issued" boolean NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"total" numeric NOT NULL,
	"paid" numeric DEFAULT 0 NOT NULL,
	"refunded" numeric DEFAULT 0 NOT NULL,
	"last_move_at" timestamp with time zone
);--> statement-breakpoint
-- Job profitability: per job, Σ subtotal of its issued invoices (and how many) and Σ total_cost of its
-- ledger issues and returns that carry a cost (and how many).
CREATE TABLE "report_job_totals" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"revenue" numeric DEFAULT 0 NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"material_cost" numeric DEFAULT 0 NOT NULL,
	"moves" integer DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "report_invoice_ar_open_idx" ON "report_invoice_ar" USING btree ("issue_date") WHERE "issued" and "total" - "paid" + "refunded" <> 0;--> statement-breakpoint
CREATE INDEX "report_invoice_ar_moved_idx" ON "report_invoice_ar" USING btree ("last_move_at") WHERE "issued";--> statement-breakpoint

CREATE FUNCTION "report_invoice_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM report_invoice_ar WHERE invoice_id = OLD.id;
  ELSE
    INSERT INTO report_invoice_ar AS a (invoice_id, customer_id, issued, issue_date, due_date, total)
    VALUES (NEW.id, NEW.customer_id, NEW.status NOT IN ('draft', 'cancelled'), NEW.issue_date, NEW.due_date, NEW.total)
    ON CONFLICT (invoice_id) DO UPDATE SET customer_id = EXCLUDED.customer_id, issued = EXCLUDED.issued,
      issue_date = EXCLUDED.issue_date, due_date = EXCLUDED.due_date, total = EXCLUDED.total;
  END IF;
  -- A job's revenue: subtract what the old row counted, add what the new one counts.
  IF TG_OP <> 'INSERT' AND OLD.job_id IS NOT NULL AND OLD.status NOT IN ('draft', 'cancelled') THEN
    UPDATE report_job_totals SET revenue = revenue - OLD.subtotal, invoices = invoices - 1 WHERE job_id = OLD.job_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.job_id IS NOT NULL AND NEW.status NOT IN ('draft', 'cancelled') THEN
    INSERT INTO report_job_totals AS t (job_id, revenue, invoices) VALUES (NEW.job_id, NEW.subtotal, 1)
    ON CONFLICT (job_id) DO UPDATE SET revenue = t.revenue + EXCLUDED.revenue, invoices = t.invoices + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "invoices_report_sync" AFTER INSERT OR DELETE ON "invoices"
	FOR EACH ROW EXECUTE FUNCTION "report_invoice_sync"();--> statement-breakpoint
CREATE TRIGGER "invoices_report_sync_update" AFTER UPDATE ON "invoices" FOR EACH ROW
	WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.status IS DISTINCT FROM NEW.status
		OR OLD.issue_date IS DISTINCT FROM NEW.issue_date OR OLD.due_date IS DISTINCT FROM NEW.due_date
		OR OLD.total IS DISTINCT FROM NEW.total OR OLD.subtotal IS DISTINCT FROM NEW.subtotal
		OR OLD.job_id IS DISTINCT FROM NEW.job_id)
	EXECUTE FUNCTION "report_invoice_sync"();--> statement-breakpoint

CREATE FUNCTION "report_payment_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE report_invoice_ar SET paid = paid - OLD.amount WHERE invoice_id = OLD.invoice_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE report_invoice_ar SET paid = paid + NEW.amount, last_move_at = greatest(last_move_at, NEW.received_at)
    WHERE invoice_id = NEW.invoice_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_report_sync" AFTER INSERT OR DELETE ON "payments"
	FOR EACH ROW EXECUTE FUNCTION "report_payment_sync"();--> statement-breakpoint
CREATE TRIGGER "payments_report_sync_update" AFTER UPDATE ON "payments" FOR EACH ROW
	WHEN (OLD.invoice_id IS DISTINCT FROM NEW.invoice_id OR OLD.amount IS DISTINCT FROM NEW.amount
		OR OLD.received_at IS DISTINCT FROM NEW.received_at)
	EXECUTE FUNCTION "report_payment_sync"();--> statement-breakpoint

CREATE FUNCTION "report_refund_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE report_invoice_ar SET refunded = refunded - OLD.amount WHERE invoice_id = OLD.invoice_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE report_invoice_ar SET refunded = refunded + NEW.amount, last_move_at = greatest(last_move_at, NEW.refunded_at)
    WHERE invoice_id = NEW.invoice_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payment_refunds_report_sync" AFTER INSERT OR DELETE ON "payment_refunds"
	FOR EACH ROW EXECUTE FUNCTION "report_refund_sync"();--> statement-breakpoint
CREATE TRIGGER "payment_refunds_report_sync_update" AFTER UPDATE ON "payment_refunds" FOR EACH ROW
	WHEN (OLD.invoice_id IS DISTINCT FROM NEW.invoice_id OR OLD.amount IS DISTINCT FROM NEW.amount
		OR OLD.refunded_at IS DISTINCT FROM NEW.refunded_at)
	EXECUTE FUNCTION "report_refund_sync"();--> statement-breakpoint

CREATE FUNCTION "report_ledger_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.job_id IS NOT NULL AND OLD.type IN ('issue', 'return') AND OLD.total_cost IS NOT NULL THEN
    UPDATE report_job_totals SET material_cost = material_cost - OLD.total_cost, moves = moves - 1
    WHERE job_id = OLD.job_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.job_id IS NOT NULL AND NEW.type IN ('issue', 'return') AND NEW.total_cost IS NOT NULL THEN
    INSERT INTO report_job_totals AS t (job_id, material_cost, moves) VALUES (NEW.job_id, NEW.total_cost, 1)
    ON CONFLICT (job_id) DO UPDATE SET material_cost = t.material_cost + EXCLUDED.material_cost, moves = t.moves + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "inventory_transactions_report_sync" AFTER INSERT OR DELETE ON "inventory_transactions"
	FOR EACH ROW EXECUTE FUNCTION "report_ledger_sync"();--> statement-breakpoint
CREATE TRIGGER "inventory_transactions_report_sync_update" AFTER UPDATE ON "inventory_transactions" FOR EACH ROW
	WHEN (OLD.job_id IS DISTINCT FROM NEW.job_id OR OLD.type IS DISTINCT FROM NEW.type
		OR OLD.total_cost IS DISTINCT FROM NEW.total_cost)
	EXECUTE FUNCTION "report_ledger_sync"();--> statement-breakpoint

-- Backfill (the triggers above already hold the tables' write locks until this migration commits).
INSERT INTO "report_invoice_ar" (invoice_id, customer_id, issued, issue_date, due_date, total, paid, refunded, last_move_at)
SELECT i.id, i.customer_id, i.status NOT IN ('draft', 'cancelled'), i.issue_date, i.due_date, i.total,
	coalesce(p.s, 0), coalesce(r.s, 0), greatest(p.m, r.m)
FROM invoices i
LEFT JOIN (SELECT invoice_id, sum(amount) AS s, max(received_at) AS m FROM payments GROUP BY invoice_id) p ON p.invoice_id = i.id
LEFT JOIN (SELECT invoice_id, sum(amount) AS s, max(refunded_at) AS m FROM payment_refunds GROUP BY invoice_id) r ON r.invoice_id = i.id;--> statement-breakpoint
INSERT INTO "report_job_totals" (job_id, revenue, invoices, material_cost, moves)
SELECT job_id, sum(revenue), sum(invoices), sum(material_cost), sum(moves) FROM (
	SELECT job_id, sum(subtotal) AS revenue, count(*) AS invoices, 0 AS material_cost, 0 AS moves FROM invoices
	WHERE job_id IS NOT NULL AND status NOT IN ('draft', 'cancelled') GROUP BY job_id
	UNION ALL
	SELECT job_id, 0, 0, sum(total_cost), count(*) FROM inventory_transactions
	WHERE job_id IS NOT NULL AND type IN ('issue', 'return') AND total_cost IS NOT NULL GROUP BY job_id
) x GROUP BY job_id;--> statement-breakpoint

-- Range aggregates read only these indexes (index-only scans): the reports' columns are key columns.
CREATE INDEX "payments_received_amount_idx" ON "payments" USING btree ("received_at","amount","invoice_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_refunded_amount_idx" ON "payment_refunds" USING btree ("refunded_at","amount");--> statement-breakpoint
CREATE INDEX "invoices_issue_date_report_idx" ON "invoices" USING btree ("issue_date","status","total","paid_total","balance","subtotal","tax_amount","due_date");--> statement-breakpoint
CREATE INDEX "quotes_created_report_idx" ON "quotes" USING btree ("created_at","status","total","customer_id");--> statement-breakpoint
CREATE INDEX "quotes_sent_or_created_idx" ON "quotes" USING btree ((coalesce("sent_at", "created_at")),"status","total");--> statement-breakpoint
CREATE INDEX "jobs_created_report_idx" ON "jobs" USING btree ("created_at","status","estimated_cost");--> statement-breakpoint
CREATE INDEX "inventory_transactions_created_report_idx" ON "inventory_transactions" USING btree ("created_at","type","total_cost");
--> statement-breakpoint
-- Home dashboards: sent quotes waiting longest, quotes sent in a period (index-only), approved jobs
-- waiting longest, the installer's current jobs by start date.
CREATE INDEX "quotes_status_sent_idx" ON "quotes" USING btree ("status","sent_at","id");--> statement-breakpoint
CREATE INDEX "quotes_sent_status_idx" ON "quotes" USING btree ("sent_at","status");--> statement-breakpoint
CREATE INDEX "jobs_status_updated_idx" ON "jobs" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "jobs_status_start_idx" ON "jobs" USING btree ("status","start_date","id");
