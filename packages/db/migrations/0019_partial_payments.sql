DROP INDEX "payments_one_live_per_invoice_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_on" date;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_per_invoice_idx" ON "payments" USING btree ("invoice_id") WHERE "payments"."status" = 'pending';