CREATE TABLE `parental_consents` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`parent_email` text NOT NULL,
	`code_hash` text NOT NULL,
	`code_expires_at` integer NOT NULL,
	`code_sent_at` integer NOT NULL,
	`code_tries` integer DEFAULT 0 NOT NULL,
	`tries_total` integer DEFAULT 0 NOT NULL,
	`consented_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `audit_log` ADD `detail_digest` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `prev_hash` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `hash` text;--> statement-breakpoint
ALTER TABLE `lectures` ADD `duration_seconds` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `gateway_error_since` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `gateway_last_error` text;--> statement-breakpoint
ALTER TABLE `payout_details` ADD `changed_at` integer;--> statement-breakpoint
ALTER TABLE `pending_registrations` ADD `adult` integer;--> statement-breakpoint
ALTER TABLE `pending_registrations` ADD `parent_email` text;--> statement-breakpoint
ALTER TABLE `users` ADD `share_whatsapp` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `commission_hold_cleared_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `age_status` text;