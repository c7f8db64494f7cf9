ALTER TABLE "bom_lines" ADD COLUMN "consigned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bom_versions" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bom_versions" ADD COLUMN "released_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD COLUMN "assembly_spec_version_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD COLUMN "assembly_spec_version_id" uuid;--> statement-breakpoint
ALTER TABLE "bom_versions" ADD CONSTRAINT "bom_versions_released_by_user_id_users_id_fk" FOREIGN KEY ("released_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_assembly_spec_version_id_assembly_spec_versions_id_fk" FOREIGN KEY ("assembly_spec_version_id") REFERENCES "public"."assembly_spec_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_assembly_spec_version_id_assembly_spec_versions_id_fk" FOREIGN KEY ("assembly_spec_version_id") REFERENCES "public"."assembly_spec_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_lines_assembly_spec_version_idx" ON "quote_lines" USING btree ("assembly_spec_version_id");