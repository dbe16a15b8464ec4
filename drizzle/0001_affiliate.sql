DROP INDEX `ledger_created`;--> statement-breakpoint
CREATE INDEX `ledger_earnings_by_time` ON `ledger` (`created_at`,`user_id`,`amount_paise`) WHERE "ledger"."kind" in ('commission', 'correction');--> statement-breakpoint
DROP INDEX `users_leaderboard`;--> statement-breakpoint
CREATE INDEX `users_leaderboard` ON `users` ("earned_paise" desc,`earned_at`,`id`) WHERE "users"."deleted_at" is null and "users"."earned_paise" > 0;