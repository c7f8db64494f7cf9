CREATE TABLE "company_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"name" text NOT NULL,
	"media_type" text NOT NULL,
	"size" bigint NOT NULL,
	"purpose" text NOT NULL,
	"uploaded_by_user_id" uuid,
	"upload_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "company_files_upload_id_unique" UNIQUE("upload_id"),
	CONSTRAINT "company_files_purpose_check" CHECK ("company_files"."purpose" in ('gerber')),
	CONSTRAINT "company_files_name_check" CHECK (char_length("company_files"."name") between 1 and 255),
	CONSTRAINT "company_files_size_check" CHECK ("company_files"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_sha256_check" CHECK ("stored_files"."sha256" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_sha256_stored_files_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."stored_files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_files_company_created_idx" ON "company_files" USING btree ("company_id","created_at") WHERE "company_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "company_files_sha256_idx" ON "company_files" USING btree ("sha256");