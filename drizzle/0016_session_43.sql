PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_pending_registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`whatsapp_opt_in` integer DEFAULT false NOT NULL,
	`password_hash` text NOT NULL,
	`sponsor_id` integer,
	`lang` text DEFAULT 'en' NOT NULL,
	`otp_hash` text NOT NULL,
	`otp_expires_at` integer NOT NULL,
	`otp_attempts` integer DEFAULT 0 NOT NULL,
	`otp_tries_total` integer DEFAULT 0 NOT NULL,
	`otp_sent_at` integer NOT NULL,
	`consent_version` text,
	`adult` integer,
	`parent_email` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`sponsor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_pending_registrations`("id", "token_hash", "name", "email", "phone", "whatsapp_opt_in", "password_hash", "sponsor_id", "lang", "otp_hash", "otp_expires_at", "otp_attempts", "otp_tries_total", "otp_sent_at", "consent_version", "adult", "parent_email", "created_at") SELECT "id", "token_hash", "name", "email", "phone", 0, "password_hash", "sponsor_id", "lang", "otp_hash", "otp_expires_at", "otp_attempts", "otp_tries_total", "otp_sent_at", "consent_version", "adult", "parent_email", "created_at" FROM `pending_registrations`;--> statement-breakpoint
DROP TABLE `pending_registrations`;--> statement-breakpoint
ALTER TABLE `__new_pending_registrations` RENAME TO `pending_registrations`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `pending_registrations_token_hash_unique` ON `pending_registrations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `pending_registrations_email` ON `pending_registrations` (`email`);--> statement-breakpoint
ALTER TABLE `notifications` ADD `claimed_at` integer;