ALTER TABLE `audit_log` ADD `detail_digest` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `prev_hash` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD `hash` text;--> statement-breakpoint
ALTER TABLE `lectures` ADD `duration_seconds` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `gateway_error_since` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `gateway_last_error` text;--> statement-breakpoint
ALTER TABLE `users` ADD `share_whatsapp` integer DEFAULT false NOT NULL;