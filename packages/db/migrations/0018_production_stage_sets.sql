CREATE TABLE "production_stage_sets" (
	"kind" text PRIMARY KEY NOT NULL,
	"stages" jsonb NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "production_stage_sets_kind_check" CHECK ("production_stage_sets"."kind" in ('pcb', 'assembly'))
);
--> statement-breakpoint
ALTER TABLE "work_order_stages" DROP CONSTRAINT "work_order_stages_stage_check";--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "production_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "production_held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "production_hold_reason" text;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "production_digest" jsonb;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "production_digest_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "production_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "production_stage_sets" ADD CONSTRAINT "production_stage_sets_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_orders_digest_idx" ON "sales_orders" USING btree ("production_digest_since") WHERE "sales_orders"."production_digest_since" is not null;--> statement-breakpoint
ALTER TABLE "work_order_stages" ADD CONSTRAINT "work_order_stages_stage_check" CHECK ("work_order_stages"."stage" in ('data_check', 'material_procurement', 'pcb_fabrication', 'smt', 'tht', 'aoi', 'electrical_test', 'testing', 'inspection', 'packing', 'shipped'));