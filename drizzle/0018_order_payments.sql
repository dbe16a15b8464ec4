CREATE TABLE `order_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`utr` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_payments_order_utr` ON `order_payments` (`order_id`,`utr`);--> statement-breakpoint
CREATE INDEX `order_payments_utr` ON `order_payments` (`utr`);--> statement-breakpoint
DROP INDEX `orders_utr_live`;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_utr_live` ON `orders` (`utr`) WHERE "orders"."status" in ('pending', 'approved', 'awaiting_difference');--> statement-breakpoint
ALTER TABLE `receipts` ADD `payment_parts` text;