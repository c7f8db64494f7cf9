ALTER TABLE "customer_parts" ADD COLUMN "lifecycle" text;--> statement-breakpoint
ALTER TABLE "placement_sets" ADD COLUMN "origin" text DEFAULT 'lower_left' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_parts" ADD CONSTRAINT "customer_parts_lifecycle_check" CHECK ("customer_parts"."lifecycle" in ('active', 'nrnd', 'last_time_buy', 'obsolete'));--> statement-breakpoint
ALTER TABLE "placement_sets" ADD CONSTRAINT "placement_sets_origin_check" CHECK ("placement_sets"."origin" in ('lower_left', 'centre', 'elsewhere'));