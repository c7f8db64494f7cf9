CREATE TABLE "redirect_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_path" text NOT NULL,
	"target" text NOT NULL,
	"status_code" integer DEFAULT 301 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirect_rules_status_check" CHECK ("redirect_rules"."status_code" in (301, 302))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "redirect_rules_from_path_idx" ON "redirect_rules" USING btree ("from_path");