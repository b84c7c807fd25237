CREATE TABLE "payment_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"stripe_account_id" text,
	"key_sealed" text,
	"key_last4" text,
	"livemode" boolean DEFAULT false NOT NULL,
	"display_name" text,
	"webhook_endpoint_id" text,
	"webhook_secret_sealed" text,
	"status" text DEFAULT 'active' NOT NULL,
	"problem" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_owner_id_unique" UNIQUE("owner_id"),
	CONSTRAINT "payment_accounts_mode_check" CHECK ("payment_accounts"."mode" in ('connect', 'key')),
	CONSTRAINT "payment_accounts_status_check" CHECK ("payment_accounts"."status" in ('active', 'needs_attention'))
);
--> statement-breakpoint
CREATE TABLE "payment_checkouts" (
	"session_id" text PRIMARY KEY NOT NULL,
	"proposal_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"stripe_account_id" text,
	"signer_id" uuid,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"payment_intent_id" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"account" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_payments" (
	"proposal_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"terms" jsonb NOT NULL,
	"revision_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"currency" text,
	"quote" jsonb,
	"due_at" timestamp with time zone,
	"amount_paid" bigint,
	"paid_at" timestamp with time zone,
	"paid_via" text,
	"payment_intent_id" text,
	"receipt_url" text,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"marked_by" uuid,
	"marked_by_name" text,
	"marked_note" text,
	"failure_message" text,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_payments_status_check" CHECK ("proposal_payments"."status" in ('requested', 'awaiting', 'processing', 'paid', 'refunded', 'not_due'))
);
--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_signer_id_proposal_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."proposal_signers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_payments" ADD CONSTRAINT "proposal_payments_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_payments" ADD CONSTRAINT "proposal_payments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_payments" ADD CONSTRAINT "proposal_payments_revision_id_proposal_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."proposal_revisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_payments" ADD CONSTRAINT "proposal_payments_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_accounts_stripe_account_idx" ON "payment_accounts" USING btree ("stripe_account_id");--> statement-breakpoint
CREATE INDEX "payment_checkouts_proposal_idx" ON "payment_checkouts" USING btree ("proposal_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_checkouts_intent_idx" ON "payment_checkouts" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "proposal_payments_owner_idx" ON "proposal_payments" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "proposal_payments_intent_idx" ON "proposal_payments" USING btree ("payment_intent_id");