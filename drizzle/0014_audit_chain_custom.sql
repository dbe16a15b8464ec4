-- The audit log stays append-only past INSERT OR REPLACE (whose delete fires no delete trigger):
-- an insert that names an id already there is refused. An entry changes only twice: once when it
-- is chained (its hash still empty: features/audit/audit-chain.ts, also for entries older than the
-- chain), and when an erasure clears its detail to '[erased]' (the chain keeps the detail's digest).
CREATE TRIGGER `audit_log_no_replace` BEFORE INSERT ON `audit_log` WHEN EXISTS (SELECT 1 FROM `audit_log` WHERE `id` = NEW.`id`) BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;--> statement-breakpoint
DROP TRIGGER `audit_log_no_update`;--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` WHEN NOT (
  (OLD.`hash` IS NULL AND NEW.`id` = OLD.`id` AND NEW.`at` = OLD.`at` AND NEW.`actor_id` IS OLD.`actor_id` AND NEW.`action` = OLD.`action`)
  OR (OLD.`hash` IS NOT NULL AND NEW.`detail` = '[erased]' AND NEW.`id` = OLD.`id` AND NEW.`at` = OLD.`at` AND NEW.`actor_id` IS OLD.`actor_id`
    AND NEW.`action` = OLD.`action` AND NEW.`target_type` IS OLD.`target_type` AND NEW.`target_id` IS OLD.`target_id`
    AND NEW.`detail_digest` IS OLD.`detail_digest` AND NEW.`prev_hash` IS OLD.`prev_hash` AND NEW.`hash` IS OLD.`hash`)
) BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
