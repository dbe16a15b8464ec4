CREATE TABLE `discount_code_packages` (
	`code_id` integer NOT NULL,
	`package_id` integer NOT NULL,
	PRIMARY KEY(`code_id`, `package_id`),
	FOREIGN KEY (`code_id`) REFERENCES `discount_codes`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `discount_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`kind` text NOT NULL,
	`affiliate_id` integer,
	`percent_bp` integer,
	`amount_paise` integer,
	`all_packages` integer DEFAULT true NOT NULL,
	`valid_from` integer,
	`valid_until` integer,
	`max_uses` integer,
	`per_learner_limit` integer DEFAULT 1 NOT NULL,
	`free_allowed` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`note` text,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`affiliate_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_code_unique` ON `discount_codes` (`code`);--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_one_per_affiliate` ON `discount_codes` (`affiliate_id`) WHERE "discount_codes"."kind" = 'affiliate';--> statement-breakpoint
ALTER TABLE `orders` ADD `list_price_paise` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_code_id` integer REFERENCES discount_codes(id);--> statement-breakpoint
ALTER TABLE `orders` ADD `discount_code` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `placed_device` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `placed_network` text;--> statement-breakpoint
CREATE INDEX `orders_discount_code` ON `orders` (`discount_code_id`,`user_id`) WHERE "orders"."discount_code_id" is not null;--> statement-breakpoint
ALTER TABLE `receipts` ADD `list_price_paise` integer;--> statement-breakpoint
ALTER TABLE `receipts` ADD `discount_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `receipts` ADD `discount_code` text;