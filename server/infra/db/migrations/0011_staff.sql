CREATE TABLE "staff_actions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "staff_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"staff_id" uuid NOT NULL,
	"staff_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_actions_action_check" CHECK ("staff_actions"."action" in ('hide', 'restore', 'dismiss', 'suspend', 'lift', 'keep')),
	CONSTRAINT "staff_actions_target_type_check" CHECK ("staff_actions"."target_type" in ('campaign', 'post', 'account'))
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
CREATE INDEX "staff_actions_created_idx" ON "staff_actions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reports_open_target_idx" ON "reports" USING btree ("target","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_staff_role_check" CHECK ("staff_role" is null or "staff_role" = 'staff');--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_status_check" CHECK ("status" in ('open', 'actioned', 'dismissed'));--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.staff_actions_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_actions is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "staff_actions_append_only" BEFORE UPDATE OR DELETE ON "staff_actions"
  FOR EACH ROW EXECUTE FUNCTION public.staff_actions_append_only();--> statement-breakpoint
CREATE TRIGGER "staff_actions_no_truncate" BEFORE TRUNCATE ON "staff_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION public.staff_actions_append_only();

