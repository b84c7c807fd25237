CREATE TABLE "proposal_signers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"party" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"token_hash" text,
	"token_sealed" text,
	"invited_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_signers_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "proposal_signers_party_check" CHECK ("proposal_signers"."party" in ('client', 'owner'))
);
--> statement-breakpoint
CREATE TABLE "signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"proposal_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"signer_id" uuid NOT NULL,
	"revision_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"party" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"consent_text" text NOT NULL,
	"consent_hash" text NOT NULL,
	"email_proof" text NOT NULL,
	"mark" jsonb,
	"selection" jsonb,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signatures_party_check" CHECK ("signatures"."party" in ('client', 'owner')),
	CONSTRAINT "signatures_email_proof_check" CHECK ("signatures"."email_proof" in ('link', 'code', 'account'))
);
--> statement-breakpoint
ALTER TABLE "proposals" DROP CONSTRAINT "proposals_share_token_hash_unique";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "signers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "signing" jsonb DEFAULT '{"order":"parallel","countersign":"none","emailCode":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "awaiting" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_signers" ADD CONSTRAINT "proposal_signers_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_signers" ADD CONSTRAINT "proposal_signers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_signer_id_proposal_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."proposal_signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_revision_id_proposal_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."proposal_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_signers_proposal_idx" ON "proposal_signers" USING btree ("proposal_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "signatures_signer_revision_idx" ON "signatures" USING btree ("signer_id","revision_id");--> statement-breakpoint
CREATE INDEX "signatures_revision_idx" ON "signatures" USING btree ("revision_id","signed_at");--> statement-breakpoint
-- Every link made before several signers becomes the proposal's one client signer, with the same
-- token (so links already emailed keep working), addressed as the newest revision was sent.
INSERT INTO "proposal_signers" ("proposal_id", "owner_id", "position", "party", "name", "email", "token_hash", "token_sealed", "invited_at")
SELECT p."id", p."owner_id", 1, 'client',
  coalesce(r."snapshot"->'client'->>'name', p."client"->>'name', ''),
  coalesce(r."snapshot"->'client'->>'email', p."client"->>'email', ''),
  p."share_token_hash", p."share_token_sealed", p."sent_at"
FROM "proposals" p
LEFT JOIN LATERAL (
  SELECT "snapshot" FROM "proposal_revisions" WHERE "proposal_id" = p."id" ORDER BY "number" DESC LIMIT 1
) r ON true
WHERE p."share_token_hash" IS NOT NULL;--> statement-breakpoint
UPDATE "proposals" p SET "awaiting" = jsonb_build_array(jsonb_build_object('name', s."name", 'party', 'client'))
FROM "proposal_signers" s
WHERE s."proposal_id" = p."id" AND p."status" IN ('sent', 'viewed');--> statement-breakpoint
ALTER TABLE "proposals" DROP COLUMN "share_token_hash";--> statement-breakpoint
ALTER TABLE "proposals" DROP COLUMN "share_token_sealed";