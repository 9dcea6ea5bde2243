CREATE TABLE "design_drafts" (
	"account_id" uuid NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "design_drafts_pkey" PRIMARY KEY("account_id","id"),
	CONSTRAINT "design_drafts_kind_check" CHECK ("design_drafts"."kind" in ('frame', 'background'))
);
--> statement-breakpoint
ALTER TABLE "design_drafts" ADD CONSTRAINT "design_drafts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;