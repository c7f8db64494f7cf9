ALTER TABLE "invoices" ADD COLUMN "tax_treatment" text DEFAULT 'domestic' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_vat_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "delivered_on" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "tax_treatment" text DEFAULT 'domestic' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "customer_vat_id" text;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "tax_treatment" text DEFAULT 'domestic' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "customer_vat_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tax_treatment_check" CHECK ("invoices"."tax_treatment" in ('domestic', 'reverse_charge', 'export', 'eu_no_vat_id'));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_tax_treatment_check" CHECK ("quotes"."tax_treatment" in ('domestic', 'reverse_charge', 'export', 'eu_no_vat_id'));--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_tax_treatment_check" CHECK ("sales_orders"."tax_treatment" in ('domestic', 'reverse_charge', 'export', 'eu_no_vat_id'));