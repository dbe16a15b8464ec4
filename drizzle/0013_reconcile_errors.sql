ALTER TABLE `orders` ADD `gateway_error_since` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `gateway_last_error` text;