CREATE TABLE "engineering_queries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"number" text NOT NULL,
	"assembly_spec_version_id" uuid,
	"pcb_spec_version_id" uuid,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"location" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"raised_by_user_id" uuid,
	"answered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by_user_id" uuid,
	"reminded_at" timestamp with time zone,
	"reminder_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engineering_queries_status_check" CHECK ("engineering_queries"."status" in ('open', 'answered', 'closed', 'withdrawn')),
	CONSTRAINT "engineering_queries_subject_check" CHECK (num_nonnulls("engineering_queries"."assembly_spec_version_id", "engineering_queries"."pcb_spec_version_id") = 1),
	CONSTRAINT "engineering_queries_version_check" CHECK ("engineering_queries"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "engineering_query_files" (
	"message_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	CONSTRAINT "engineering_query_files_message_id_file_id_pk" PRIMARY KEY("message_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "engineering_query_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"query_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"author_user_id" uuid,
	"author_name" text NOT NULL,
	"option_index" integer,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "engineering_query_messages_kind_check" CHECK ("engineering_query_messages"."kind" in ('question', 'reply', 'closed', 'withdrawn')),
	CONSTRAINT "engineering_query_messages_side_check" CHECK ("engineering_query_messages"."side" in ('staff', 'customer')),
	CONSTRAINT "engineering_query_messages_option_check" CHECK ("engineering_query_messages"."option_index" is null or "engineering_query_messages"."option_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "file_share_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"sales_order_id" uuid,
	"assembly_spec_id" uuid,
	"pcb_spec_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_share_folders_name_check" CHECK (char_length("file_share_folders"."name") between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "company_files" DROP CONSTRAINT "company_files_purpose_check";--> statement-breakpoint
ALTER TABLE "company_files" ADD COLUMN "folder_id" uuid;--> statement-breakpoint
ALTER TABLE "company_files" ADD COLUMN "shared_by_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_files" ADD COLUMN "deleted_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "engineering_queries" ADD CONSTRAINT "engineering_queries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineering_queries" ADD CONSTRAINT "engineering_queries_assembly_spec_version_id_assembly_spec_versions_id_fk" FOREIGN KEY ("assembly_spec_version_id") REFERENCES "public"."assembly_spec_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineering_queries" ADD CONSTRAINT "engineering_queries_pcb_spec_version_id_pcb_spec_versions_id_fk" FOREIGN KEY ("pcb_spec_version_id") REFERENCES "public"."pcb_spec_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineering_queries" ADD CONSTRAINT "engineering_queries_raised_by_user_id_users_id_fk" FOREIGN KEY ("raised_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineering_queries" ADD CONSTRAINT "engineering_queries_closed_by_user_id_users_id_fk" FOREIGN KEY ("closed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineering_query_files" ADD CONSTRAINT "engineering_query_files_message_id_engineering_query_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."engineering_query_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineering_query_files" ADD CONSTRAINT "engineering_query_files_file_id_company_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."company_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineering_query_messages" ADD CONSTRAINT "engineering_query_messages_query_id_engineering_queries_id_fk" FOREIGN KEY ("query_id") REFERENCES "public"."engineering_queries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engineering_query_messages" ADD CONSTRAINT "engineering_query_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_share_folders" ADD CONSTRAINT "file_share_folders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_share_folders" ADD CONSTRAINT "file_share_folders_parent_id_file_share_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."file_share_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_share_folders" ADD CONSTRAINT "file_share_folders_sales_order_id_sales_orders_id_fk" FOREIGN KEY ("sales_order_id") REFERENCES "public"."sales_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_share_folders" ADD CONSTRAINT "file_share_folders_assembly_spec_id_assembly_specs_id_fk" FOREIGN KEY ("assembly_spec_id") REFERENCES "public"."assembly_specs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_share_folders" ADD CONSTRAINT "file_share_folders_pcb_spec_id_pcb_specs_id_fk" FOREIGN KEY ("pcb_spec_id") REFERENCES "public"."pcb_specs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_share_folders" ADD CONSTRAINT "file_share_folders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "engineering_queries_number_idx" ON "engineering_queries" USING btree ("number");--> statement-breakpoint
CREATE INDEX "engineering_queries_company_status_idx" ON "engineering_queries" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "engineering_queries_assembly_version_idx" ON "engineering_queries" USING btree ("assembly_spec_version_id");--> statement-breakpoint
CREATE INDEX "engineering_queries_pcb_version_idx" ON "engineering_queries" USING btree ("pcb_spec_version_id");--> statement-breakpoint
CREATE INDEX "engineering_queries_open_idx" ON "engineering_queries" USING btree ("created_at") WHERE "engineering_queries"."status" = 'open';--> statement-breakpoint
CREATE INDEX "engineering_query_files_file_idx" ON "engineering_query_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "engineering_query_messages_query_idx" ON "engineering_query_messages" USING btree ("query_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "file_share_folders_sibling_name_idx" ON "file_share_folders" USING btree ("company_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "file_share_folders_parent_idx" ON "file_share_folders" USING btree ("parent_id");--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_folder_id_file_share_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."file_share_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_deleted_by_user_id_users_id_fk" FOREIGN KEY ("deleted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_files_folder_idx" ON "company_files" USING btree ("folder_id");--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_purpose_check" CHECK ("company_files"."purpose" in ('gerber', 'bom', 'pick_place', 'share', 'query'));