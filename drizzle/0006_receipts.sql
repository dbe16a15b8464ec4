CREATE TABLE `receipt_counters` (
	`fy_start` integer PRIMARY KEY NOT NULL,
	`last_seq` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`number` text NOT NULL,
	`fy_start` integer NOT NULL,
	`seq` integer NOT NULL,
	`issued_at` integer NOT NULL,
	`seller_name` text NOT NULL,
	`seller_address` text,
	`seller_email` text,
	`seller_phone` text,
	`buyer_name` text NOT NULL,
	`buyer_email` text NOT NULL,
	`buyer_phone` text,
	`package_name` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`utr` text NOT NULL,
	`paid_at` integer NOT NULL,
	`gstin` text,
	`seller_state` text,
	`buyer_state` text,
	`buyer_pin` text,
	`tax_rate_bp` integer,
	`taxable_paise` integer,
	`cgst_paise` integer,
	`sgst_paise` integer,
	`igst_paise` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_order_id_unique` ON `receipts` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_number_unique` ON `receipts` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_fy_seq` ON `receipts` (`fy_start`,`seq`);--> statement-breakpoint
CREATE INDEX `receipts_issued` ON `receipts` (`issued_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `buyer_state` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `buyer_pin` text;