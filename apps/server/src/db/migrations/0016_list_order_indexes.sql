DROP INDEX "proposals_owner_updated_idx";--> statement-breakpoint
DROP INDEX "proposals_owner_status_idx";--> statement-breakpoint
CREATE INDEX "proposals_owner_updated_idx" ON "proposals" USING btree ("owner_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "proposals_owner_status_idx" ON "proposals" USING btree ("owner_id","status","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);