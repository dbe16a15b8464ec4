DROP INDEX `users_leaderboard`;--> statement-breakpoint
ALTER TABLE `users` ADD `week_start` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `week_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `week_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `month_start` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `month_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `month_at` integer;--> statement-breakpoint
CREATE INDEX `users_leaderboard_week` ON `users` (`week_start`,"week_paise" desc,`week_at`,`id`) WHERE "users"."deleted_at" is null and "users"."week_paise" > 0;--> statement-breakpoint
CREATE INDEX `users_leaderboard_month` ON `users` (`month_start`,"month_paise" desc,`month_at`,`id`) WHERE "users"."deleted_at" is null and "users"."month_paise" > 0;--> statement-breakpoint
CREATE INDEX `users_leaderboard` ON `users` ("earned_paise" desc,`earned_at`,`id`) WHERE "users"."deleted_at" is null and "users"."earned_paise" > 0;