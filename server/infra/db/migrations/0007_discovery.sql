CREATE TABLE "campaign_shares" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_shares_channel_check" CHECK ("campaign_shares"."channel" in ('whatsapp', 'facebook', 'x', 'telegram', 'copy_link', 'native', 'download'))
);
--> statement-breakpoint
CREATE TABLE "campaign_visit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaign_visit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"campaign_id" uuid NOT NULL,
	"country" text,
	"referrer_host" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_campaigns" (
	"collection_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_campaigns_pkey" PRIMARY KEY("collection_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uri" text NOT NULL,
	"creator_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_key" text,
	"visibility" text DEFAULT 'public' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_uri_unique" UNIQUE("uri"),
	CONSTRAINT "collections_visibility_check" CHECK ("collections"."visibility" in ('public', 'unlisted'))
);
--> statement-breakpoint
CREATE TABLE "leaderboard_entries" (
	"period" text NOT NULL,
	"scope" text NOT NULL,
	"kind" text NOT NULL,
	"rank" integer NOT NULL,
	"subject_id" uuid NOT NULL,
	"supporters" integer NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaderboard_entries_pkey" PRIMARY KEY("period","scope","kind","rank"),
	CONSTRAINT "leaderboard_entries_period_check" CHECK ("leaderboard_entries"."period" in ('week', 'month', 'all')),
	CONSTRAINT "leaderboard_entries_kind_check" CHECK ("leaderboard_entries"."kind" in ('campaign', 'creator'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"mail_state" text DEFAULT 'pending' NOT NULL,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_account_dedupe_key" UNIQUE("account_id","dedupe_key"),
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('milestone', 'trending', 'campaignRecap', 'whatsNew', 'article', 'submission', 'comments')),
	CONSTRAINT "notifications_mail_state_check" CHECK ("notifications"."mail_state" in ('pending', 'sent', 'skipped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "campaign_supports" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "campaign_shares" ADD CONSTRAINT "campaign_shares_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_visit_events" ADD CONSTRAINT "campaign_visit_events_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_campaigns" ADD CONSTRAINT "collection_campaigns_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_campaigns" ADD CONSTRAINT "collection_campaigns_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_creator_id_accounts_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_shares_campaign_created_idx" ON "campaign_shares" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_visit_events_campaign_created_idx" ON "campaign_visit_events" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "collection_campaigns_position_idx" ON "collection_campaigns" USING btree ("collection_id","position");--> statement-breakpoint
CREATE INDEX "collection_campaigns_campaign_idx" ON "collection_campaigns" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "collections_visibility_created_idx" ON "collections" USING btree ("visibility","created_at");--> statement-breakpoint
CREATE INDEX "collections_creator_idx" ON "collections" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "leaderboard_entries_subject_idx" ON "leaderboard_entries" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "notifications_account_created_idx" ON "notifications" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_mail_pending_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."mail_state" = 'pending';--> statement-breakpoint
CREATE INDEX "campaign_supports_campaign_created_idx" ON "campaign_supports" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "campaign_supports_created_idx" ON "campaign_supports" USING btree ("created_at");