CREATE TABLE "pcb_spec_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"spec_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"gerber_file_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"frozen_at" timestamp with time zone,
	"frozen_reason" text,
	"analysis" jsonb,
	"analysis_status" text DEFAULT 'none' NOT NULL,
	"analysis_error" text,
	"preview_top_sha256" text,
	"preview_bottom_sha256" text,
	CONSTRAINT "pcb_spec_versions_version_check" CHECK ("pcb_spec_versions"."version" >= 1),
	CONSTRAINT "pcb_spec_versions_frozen_reason_check" CHECK ("pcb_spec_versions"."frozen_reason" in ('quote', 'order')),
	CONSTRAINT "pcb_spec_versions_analysis_status_check" CHECK ("pcb_spec_versions"."analysis_status" in ('none', 'pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "pcb_specs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	"staff_note" text,
	"staff_note_at" timestamp with time zone,
	"staff_note_by_user_id" uuid,
	CONSTRAINT "pcb_specs_staff_note_check" CHECK (char_length("pcb_specs"."staff_note") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "pcb_spec_versions" ADD CONSTRAINT "pcb_spec_versions_spec_id_pcb_specs_id_fk" FOREIGN KEY ("spec_id") REFERENCES "public"."pcb_specs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pcb_spec_versions" ADD CONSTRAINT "pcb_spec_versions_gerber_file_id_company_files_id_fk" FOREIGN KEY ("gerber_file_id") REFERENCES "public"."company_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pcb_spec_versions" ADD CONSTRAINT "pcb_spec_versions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pcb_specs" ADD CONSTRAINT "pcb_specs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pcb_specs" ADD CONSTRAINT "pcb_specs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pcb_specs" ADD CONSTRAINT "pcb_specs_staff_note_by_user_id_users_id_fk" FOREIGN KEY ("staff_note_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pcb_spec_versions_spec_version_idx" ON "pcb_spec_versions" USING btree ("spec_id","version");--> statement-breakpoint
CREATE INDEX "pcb_spec_versions_gerber_idx" ON "pcb_spec_versions" USING btree ("gerber_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pcb_specs_number_idx" ON "pcb_specs" USING btree ("number");--> statement-breakpoint
CREATE INDEX "pcb_specs_company_created_idx" ON "pcb_specs" USING btree ("company_id","created_at");