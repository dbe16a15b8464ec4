CREATE TABLE `channel_consents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`channel` text NOT NULL,
	`action` text NOT NULL,
	`via` text NOT NULL,
	`phone` text,
	`at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `channel_consents_user` ON `channel_consents` (`user_id`,`at`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_key` text NOT NULL,
	`user_id` integer,
	`recipient` text NOT NULL,
	`channel` text NOT NULL,
	`kind` text NOT NULL,
	`lang` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`provider_message_id` text,
	`delivery_status` text,
	`delivery_status_at` integer,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_once` ON `notifications` (`event_key`,`recipient`,`channel`);--> statement-breakpoint
CREATE INDEX `notifications_due` ON `notifications` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `notifications_provider` ON `notifications` (`provider_message_id`);--> statement-breakpoint
CREATE INDEX `notifications_user` ON `notifications` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `whatsapp_phone` text;--> statement-breakpoint
ALTER TABLE `users` ADD `whatsapp_opt_in_at` integer;