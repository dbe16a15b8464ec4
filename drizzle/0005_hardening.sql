CREATE TABLE `login_devices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`device_hash` text NOT NULL,
	`last_login_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `login_devices_user_device` ON `login_devices` (`user_id`,`device_hash`);--> statement-breakpoint
ALTER TABLE `pending_registrations` ADD `otp_tries_total` integer DEFAULT 0 NOT NULL;