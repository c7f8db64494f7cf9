CREATE TABLE "customer_part_mpns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"part_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"manufacturer" text,
	"manufacturer_id" text,
	"mpn" text NOT NULL,
	"mpn_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"part_number" text NOT NULL,
	"part_number_key" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"msl" text,
	"polarized" boolean DEFAULT false NOT NULL,
	"valuation_minor" integer,
	"valuation_currency" text,
	"comment" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_parts_type_check" CHECK ("customer_parts"."type" in ('resistor', 'capacitor', 'inductor', 'diode', 'led', 'transistor', 'ic', 'crystal', 'connector', 'switch', 'relay', 'fuse', 'transformer', 'sensor', 'module', 'mechanical', 'other')),
	CONSTRAINT "customer_parts_msl_check" CHECK ("customer_parts"."msl" in ('1', '2', '2a', '3', '4', '5', '5a', '6')),
	CONSTRAINT "customer_parts_valuation_check" CHECK (("customer_parts"."valuation_minor" is null) = ("customer_parts"."valuation_currency" is null) and coalesce("customer_parts"."valuation_minor", 0) >= 0),
	CONSTRAINT "customer_parts_text_check" CHECK (char_length("customer_parts"."part_number") between 1 and 40 and char_length("customer_parts"."description") between 1 and 300 and coalesce(char_length("customer_parts"."comment"), 0) <= 2000)
);
--> statement-breakpoint
CREATE TABLE "part_series" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"digits" integer NOT NULL,
	"next_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_part_mpns" ADD CONSTRAINT "customer_part_mpns_part_id_customer_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."customer_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_part_mpns" ADD CONSTRAINT "customer_part_mpns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_parts" ADD CONSTRAINT "customer_parts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_parts" ADD CONSTRAINT "customer_parts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_series" ADD CONSTRAINT "part_series_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_part_mpns_company_key_idx" ON "customer_part_mpns" USING btree ("company_id","mpn_key");--> statement-breakpoint
CREATE INDEX "customer_part_mpns_part_idx" ON "customer_part_mpns" USING btree ("part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_parts_company_number_idx" ON "customer_parts" USING btree ("company_id","part_number_key");--> statement-breakpoint
CREATE INDEX "customer_parts_company_updated_idx" ON "customer_parts" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "activity_log_subject_idx" ON "activity_log" USING btree ("subject_type","subject_id","created_at");