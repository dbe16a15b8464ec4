CREATE TABLE `package_access_revocations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`package_id` integer NOT NULL,
	`reason` text NOT NULL,
	`revoked_by` integer NOT NULL,
	`revoked_at` integer NOT NULL,
	`restored_by` integer,
	`restored_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`revoked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`restored_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `package_access_revocations_active` ON `package_access_revocations` (`user_id`,`package_id`) WHERE restored_at is null;--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `device_model` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;