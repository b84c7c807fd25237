CREATE TABLE "follow_up_defaults" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"reminders" boolean NOT NULL,
	"first_after_days" integer NOT NULL,
	"every_days" integer NOT NULL,
	"max_reminders" integer NOT NULL,
	"expiry_warnings" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"signer_id" uuid,
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"round" text NOT NULL,
	"step" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "follow_up_mails_kind_check" CHECK ("follow_up_mails"."kind" in ('reminder', 'expiry_warning'))
);
--> statement-breakpoint
CREATE TABLE "follow_up_stops" (
	"signer_id" uuid PRIMARY KEY NOT NULL,
	"proposal_id" uuid NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"stopped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_follow_ups" (
	"proposal_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"reminders" boolean NOT NULL,
	"first_after_days" integer NOT NULL,
	"every_days" integer NOT NULL,
	"max_reminders" integer NOT NULL,
	"expiry_warnings" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_up_defaults" ADD CONSTRAINT "follow_up_defaults_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_mails" ADD CONSTRAINT "follow_up_mails_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_mails" ADD CONSTRAINT "follow_up_mails_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_mails" ADD CONSTRAINT "follow_up_mails_signer_id_proposal_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."proposal_signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_stops" ADD CONSTRAINT "follow_up_stops_signer_id_proposal_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."proposal_signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_stops" ADD CONSTRAINT "follow_up_stops_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_follow_ups" ADD CONSTRAINT "proposal_follow_ups_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_follow_ups" ADD CONSTRAINT "proposal_follow_ups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_mails_key_idx" ON "follow_up_mails" USING btree ("proposal_id","recipient","kind","round","step");--> statement-breakpoint
CREATE INDEX "follow_up_stops_proposal_idx" ON "follow_up_stops" USING btree ("proposal_id");