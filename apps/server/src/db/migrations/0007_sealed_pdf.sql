CREATE TABLE "sealed_documents" (
	"proposal_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"revision_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"storage_key" text,
	"sha256" text,
	"size" integer,
	"filename" text,
	"certificate_fingerprint" text,
	"certificate_subject" text,
	"sealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sealed_documents_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "sealed_documents_sha256_unique" UNIQUE("sha256"),
	CONSTRAINT "sealed_documents_status_check" CHECK ("sealed_documents"."status" in ('pending', 'sealed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "signing_identities" (
	"key_id" text PRIMARY KEY NOT NULL,
	"p12" text NOT NULL,
	"fingerprint" text NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sealed_documents" ADD CONSTRAINT "sealed_documents_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sealed_documents" ADD CONSTRAINT "sealed_documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sealed_documents" ADD CONSTRAINT "sealed_documents_revision_id_proposal_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."proposal_revisions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sealed_documents_due_idx" ON "sealed_documents" USING btree ("next_attempt_at") WHERE "sealed_documents"."status" = 'pending';