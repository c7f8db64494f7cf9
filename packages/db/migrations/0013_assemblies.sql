CREATE TABLE "assembly_spec_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"spec_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"pcb_spec_version_id" uuid,
	"bom_version_id" uuid,
	"placement_set_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"frozen_at" timestamp with time zone,
	"frozen_reason" text,
	CONSTRAINT "assembly_spec_versions_version_check" CHECK ("assembly_spec_versions"."version" >= 1),
	CONSTRAINT "assembly_spec_versions_frozen_reason_check" CHECK ("assembly_spec_versions"."frozen_reason" in ('quote', 'order'))
);
--> statement-breakpoint
CREATE TABLE "assembly_specs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bom_column_mappings" (
	"company_id" uuid NOT NULL,
	"header_key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bom_column_mappings_company_id_header_key_pk" PRIMARY KEY("company_id","header_key")
);
--> statement-breakpoint
CREATE TABLE "bom_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bom_version_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"source_row" integer,
	"designators" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"value" text,
	"footprint" text,
	"description" text,
	"parts" jsonb NOT NULL,
	"supplier" text,
	"supplier_part" text,
	"dnp" boolean DEFAULT false NOT NULL,
	"file_comment" text,
	"comment" text,
	"warnings" jsonb NOT NULL,
	"stated_quantity" integer,
	"part_id" uuid,
	"match_status" text NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_user_id" uuid,
	"substitution" jsonb,
	CONSTRAINT "bom_lines_match_status_check" CHECK ("bom_lines"."match_status" in ('matched', 'ambiguous', 'unmatched')),
	CONSTRAINT "bom_lines_quantity_check" CHECK ("bom_lines"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bom_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assembly_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"source_file_id" uuid,
	"source_name" text,
	"format" text,
	"encoding" text,
	"tool" text,
	"header_row" integer,
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"problems" jsonb NOT NULL,
	"change" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bom_versions_version_check" CHECK ("bom_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "placement_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assembly_id" uuid NOT NULL,
	"source_file_id" uuid,
	"source_name" text NOT NULL,
	"tool" text NOT NULL,
	"unit" text NOT NULL,
	"panel_copies" integer NOT NULL,
	"placements" jsonb NOT NULL,
	"problems" jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_files" DROP CONSTRAINT "company_files_purpose_check";--> statement-breakpoint
ALTER TABLE "assembly_spec_versions" ADD CONSTRAINT "assembly_spec_versions_spec_id_assembly_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."assembly_specs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_spec_versions" ADD CONSTRAINT "assembly_spec_versions_pcb_spec_version_id_pcb_spec_versions_id_fk" FOREIGN KEY ("pcb_spec_version_id") REFERENCES "public"."pcb_spec_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_spec_versions" ADD CONSTRAINT "assembly_spec_versions_bom_version_id_bom_versions_id_fk" FOREIGN KEY ("bom_version_id") REFERENCES "public"."bom_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_spec_versions" ADD CONSTRAINT "assembly_spec_versions_placement_set_id_placement_sets_id_fk" FOREIGN KEY ("placement_set_id") REFERENCES "public"."placement_sets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_spec_versions" ADD CONSTRAINT "assembly_spec_versions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_specs" ADD CONSTRAINT "assembly_specs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assembly_specs" ADD CONSTRAINT "assembly_specs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_column_mappings" ADD CONSTRAINT "bom_column_mappings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_bom_version_id_bom_versions_id_fk" FOREIGN KEY ("bom_version_id") REFERENCES "public"."bom_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_part_id_customer_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."customer_parts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_lines" ADD CONSTRAINT "bom_lines_reviewed_by_user_id_users_id_fk" FOREIGN KEY ("reviewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_versions" ADD CONSTRAINT "bom_versions_assembly_id_assembly_specs_id_fk" FOREIGN KEY ("assembly_id") REFERENCES "public"."assembly_specs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_versions" ADD CONSTRAINT "bom_versions_source_file_id_company_files_id_fk" FOREIGN KEY ("source_file_id") REFERENCES "public"."company_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bom_versions" ADD CONSTRAINT "bom_versions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_sets" ADD CONSTRAINT "placement_sets_assembly_id_assembly_specs_id_fk" FOREIGN KEY ("assembly_id") REFERENCES "public"."assembly_specs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_sets" ADD CONSTRAINT "placement_sets_source_file_id_company_files_id_fk" FOREIGN KEY ("source_file_id") REFERENCES "public"."company_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_sets" ADD CONSTRAINT "placement_sets_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assembly_spec_versions_spec_version_idx" ON "assembly_spec_versions" USING btree ("spec_id","version");--> statement-breakpoint
CREATE INDEX "assembly_spec_versions_pcb_idx" ON "assembly_spec_versions" USING btree ("pcb_spec_version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assembly_specs_number_idx" ON "assembly_specs" USING btree ("number");--> statement-breakpoint
CREATE INDEX "assembly_specs_company_created_idx" ON "assembly_specs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bom_lines_version_position_idx" ON "bom_lines" USING btree ("bom_version_id","position");--> statement-breakpoint
CREATE INDEX "bom_lines_part_idx" ON "bom_lines" USING btree ("part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bom_versions_assembly_version_idx" ON "bom_versions" USING btree ("assembly_id","version");--> statement-breakpoint
CREATE INDEX "placement_sets_assembly_created_idx" ON "placement_sets" USING btree ("assembly_id","created_at");--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_purpose_check" CHECK ("company_files"."purpose" in ('gerber', 'bom', 'pick_place'));