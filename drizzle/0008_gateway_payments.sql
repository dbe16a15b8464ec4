CREATE TABLE `gateway_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`event_id` text NOT NULL,
	`event` text NOT NULL,
	`gateway_order_id` text,
	`gateway_payment_id` text,
	`outcome` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gateway_events_once` ON `gateway_events` (`provider`,`event_id`);--> statement-breakpoint
CREATE INDEX `gateway_events_received` ON `gateway_events` (`received_at`);--> statement-breakpoint
CREATE TABLE `payment_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`gateway_payment_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`found_at` integer NOT NULL,
	`resolved_at` integer,
	`resolved_by` integer,
	`gateway_refund_id` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_alerts_once` ON `payment_alerts` (`gateway_payment_id`,`kind`);--> statement-breakpoint
CREATE INDEX `payment_alerts_open` ON `payment_alerts` (`resolved_at`,`found_at`);--> statement-breakpoint
-- Two tables lose a NOT NULL (orders.utr: a gateway payment has no UTR; order_reversals.reversed_by:
-- a refund made on the gateway's dashboard has no admin), which SQLite does by rebuilding the table.
-- openDatabase runs migrations with foreign keys off and checks them all afterwards (SQLite's
-- procedure for changing a table), so the other tables' references move to the new tables.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_order_reversals` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`commission_paise` integer NOT NULL,
	`reversed_by` integer,
	`reversed_at` integer NOT NULL,
	`gateway_refund_id` text,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reversed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_order_reversals`("order_id", "reason", "commission_paise", "reversed_by", "reversed_at") SELECT "order_id", "reason", "commission_paise", "reversed_by", "reversed_at" FROM `order_reversals`;--> statement-breakpoint
DROP TABLE `order_reversals`;--> statement-breakpoint
ALTER TABLE `__new_order_reversals` RENAME TO `order_reversals`;--> statement-breakpoint
CREATE TABLE `__new_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`package_id` integer NOT NULL,
	`amount_paise` integer NOT NULL,
	`utr` text,
	`payment_method` text DEFAULT 'utr' NOT NULL,
	`gateway_order_id` text,
	`gateway_payment_id` text,
	`gateway_checked_at` integer,
	`referrer_id` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`buyer_name` text NOT NULL,
	`buyer_email` text NOT NULL,
	`buyer_state` text,
	`buyer_pin` text,
	`reason` text,
	`decided_by` integer,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_orders`("id", "user_id", "package_id", "amount_paise", "utr", "referrer_id", "status", "buyer_name", "buyer_email", "buyer_state", "buyer_pin", "reason", "decided_by", "decided_at", "created_at") SELECT "id", "user_id", "package_id", "amount_paise", "utr", "referrer_id", "status", "buyer_name", "buyer_email", "buyer_state", "buyer_pin", "reason", "decided_by", "decided_at", "created_at" FROM `orders`;--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_utr_live` ON `orders` (`utr`) WHERE "orders"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX `orders_one_pending` ON `orders` (`user_id`,`package_id`) WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX `orders_gateway_order` ON `orders` (`gateway_order_id`) WHERE "orders"."gateway_order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_gateway_payment` ON `orders` (`gateway_payment_id`) WHERE "orders"."gateway_payment_id" is not null;--> statement-breakpoint
CREATE INDEX `orders_status_created` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_user_created` ON `orders` (`user_id`,`created_at`);