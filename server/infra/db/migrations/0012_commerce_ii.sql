CREATE TABLE "campaign_donations" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"cause" text NOT NULL,
	"goal_amount" integer,
	"currency" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_donations_currency_check" CHECK ("campaign_donations"."currency" in ('IDR', 'USD')),
	CONSTRAINT "campaign_donations_goal_check" CHECK ("campaign_donations"."goal_amount" is null or "campaign_donations"."goal_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"campaign_id" uuid,
	"donor_account_id" uuid,
	"donor_name" text,
	"message" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "frame_fingerprints" (
	"frame_id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"hash" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid,
	"book" text NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"ref" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_book_check" CHECK ("ledger_entries"."book" in ('credits', 'earnings', 'platform')),
	CONSTRAINT "ledger_entries_currency_check" CHECK (("ledger_entries"."book" = 'credits') = ("ledger_entries"."currency" = 'CRD') and "ledger_entries"."currency" in ('CRD', 'IDR', 'USD')),
	CONSTRAINT "ledger_entries_account_check" CHECK (("ledger_entries"."book" = 'platform') = ("ledger_entries"."account_id" is null)),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "monetization_applications" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"legal_name" text NOT NULL,
	"country" text NOT NULL,
	"payout_method" jsonb NOT NULL,
	"campaign_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"method" jsonb NOT NULL,
	"reference" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_state_check" CHECK ("payouts"."state" in ('requested', 'paid', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "piracy_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"frame_id" uuid NOT NULL,
	"matched_campaign_id" uuid NOT NULL,
	"matched_frame_id" uuid NOT NULL,
	"distance" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "piracy_flags_pair" UNIQUE("frame_id","matched_frame_id"),
	CONSTRAINT "piracy_flags_status_check" CHECK ("piracy_flags"."status" in ('open', 'actioned', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "watermark_unlocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid,
	"campaign_id" uuid NOT NULL,
	"result_key" text NOT NULL,
	"method" text NOT NULL,
	"order_id" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watermark_unlocks_result" UNIQUE("account_id","campaign_id","result_key"),
	CONSTRAINT "watermark_unlocks_method_check" CHECK ("watermark_unlocks"."method" in ('credits', 'payment'))
);
--> statement-breakpoint
ALTER TABLE "staff_actions" DROP CONSTRAINT "staff_actions_action_check";--> statement-breakpoint
ALTER TABLE "staff_actions" DROP CONSTRAINT "staff_actions_target_type_check";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "plan_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'plan' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "item_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_donations" ADD CONSTRAINT "campaign_donations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_donor_account_id_accounts_id_fk" FOREIGN KEY ("donor_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frame_fingerprints" ADD CONSTRAINT "frame_fingerprints_frame_id_campaign_frames_id_fk" FOREIGN KEY ("frame_id") REFERENCES "public"."campaign_frames"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "frame_fingerprints" ADD CONSTRAINT "frame_fingerprints_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monetization_applications" ADD CONSTRAINT "monetization_applications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piracy_flags" ADD CONSTRAINT "piracy_flags_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "piracy_flags" ADD CONSTRAINT "piracy_flags_matched_campaign_id_campaigns_id_fk" FOREIGN KEY ("matched_campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_unlocks" ADD CONSTRAINT "watermark_unlocks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_unlocks" ADD CONSTRAINT "watermark_unlocks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watermark_unlocks" ADD CONSTRAINT "watermark_unlocks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_campaign_created_idx" ON "donations" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "frame_fingerprints_creator_idx" ON "frame_fingerprints" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_balance_idx" ON "ledger_entries" USING btree ("account_id","book","currency","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_ref_idx" ON "ledger_entries" USING btree ("book","kind","ref") WHERE "ledger_entries"."ref" is not null;--> statement-breakpoint
CREATE INDEX "payouts_state_requested_idx" ON "payouts" USING btree ("state","requested_at");--> statement-breakpoint
CREATE INDEX "payouts_account_idx" ON "payouts" USING btree ("account_id","requested_at");--> statement-breakpoint
CREATE INDEX "piracy_flags_open_idx" ON "piracy_flags" USING btree ("created_at") WHERE "piracy_flags"."status" = 'open';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_anonymous_idempotency_key" ON "orders" USING btree ("idempotency_key") WHERE "orders"."account_id" is null;--> statement-breakpoint
CREATE INDEX "orders_campaign_idx" ON "orders" USING btree ("campaign_id","kind") WHERE "orders"."campaign_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('plan', 'credits', 'nowatermark', 'donation'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_plan_kind_check" CHECK (("orders"."kind" = 'plan') = ("orders"."plan_id" is not null));--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_action_check" CHECK ("staff_actions"."action" in ('hide', 'restore', 'dismiss', 'suspend', 'lift', 'keep', 'approve', 'reject', 'pay', 'refund', 'warn'));--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_target_type_check" CHECK ("staff_actions"."target_type" in ('campaign', 'post', 'account', 'application', 'payout', 'order', 'piracyFlag'));--> statement-breakpoint
UPDATE "orders" SET "is_test" = coalesce(("checkout"->>'isTest')::boolean, false);--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.refuse_change_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
DROP TRIGGER "order_ledger_append_only" ON "order_ledger";--> statement-breakpoint
DROP FUNCTION public.order_ledger_append_only();--> statement-breakpoint
DROP TRIGGER "staff_actions_append_only" ON "staff_actions";--> statement-breakpoint
DROP TRIGGER "staff_actions_no_truncate" ON "staff_actions";--> statement-breakpoint
DROP FUNCTION public.staff_actions_append_only();--> statement-breakpoint
CREATE TRIGGER "order_ledger_append_only" BEFORE UPDATE OR DELETE ON "order_ledger"
  FOR EACH ROW EXECUTE FUNCTION public.refuse_change_append_only();--> statement-breakpoint
CREATE TRIGGER "order_ledger_no_truncate" BEFORE TRUNCATE ON "order_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_change_append_only();--> statement-breakpoint
CREATE TRIGGER "staff_actions_append_only" BEFORE UPDATE OR DELETE ON "staff_actions"
  FOR EACH ROW EXECUTE FUNCTION public.refuse_change_append_only();--> statement-breakpoint
CREATE TRIGGER "staff_actions_no_truncate" BEFORE TRUNCATE ON "staff_actions"
  FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_change_append_only();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION public.refuse_change_append_only();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION public.refuse_change_append_only();
