ALTER TABLE `lectures` ADD `duration_seconds` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `gateway_error_since` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `gateway_last_error` text;--> statement-breakpoint
ALTER TABLE `users` ADD `share_whatsapp` integer DEFAULT false NOT NULL;