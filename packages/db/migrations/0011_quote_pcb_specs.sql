ALTER TABLE "quote_lines" ADD COLUMN "pcb_spec_version_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD COLUMN "pcb_spec_version_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_pcb_spec_version_id_pcb_spec_versions_id_fk" FOREIGN KEY ("pcb_spec_version_id") REFERENCES "public"."pcb_spec_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_pcb_spec_version_id_pcb_spec_versions_id_fk" FOREIGN KEY ("pcb_spec_version_id") REFERENCES "public"."pcb_spec_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_lines_pcb_spec_version_idx" ON "quote_lines" USING btree ("pcb_spec_version_id");