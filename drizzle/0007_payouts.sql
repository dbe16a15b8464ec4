CREATE TABLE `order_reversals` (
	`order_id` integer PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`commission_paise` integer NOT NULL,
	`reversed_by` integer NOT NULL,
	`reversed_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reversed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `payout_batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cutoff` integer NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`exported_at` integer,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `payout_details` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`method` text NOT NULL,
	`upi_id` text,
	`account_holder` text,
	`account_number` text,
	`ifsc` text,
	`pan` text,
	`pan_name` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `payout_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` integer,
	`user_id` integer NOT NULL,
	`request_id` integer,
	`status` text NOT NULL,
	`gross_paise` integer NOT NULL,
	`tds_paise` integer NOT NULL,
	`net_paise` integer NOT NULL,
	`tds_rate_bp` integer DEFAULT 0 NOT NULL,
	`fixed_at` integer NOT NULL,
	`details` text,
	`pan` text,
	`pan_name` text,
	`utr` text,
	`fail_reason` text,
	`decided_by` integer,
	`decided_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `payout_batches`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`request_id`) REFERENCES `payout_requests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_lines_one_pending` ON `payout_lines` (`user_id`) WHERE "payout_lines"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `payout_lines_batch` ON `payout_lines` (`batch_id`);--> statement-breakpoint
CREATE INDEX `payout_lines_user` ON `payout_lines` (`user_id`,`fixed_at`);--> statement-breakpoint
CREATE INDEX `payout_lines_fixed` ON `payout_lines` (`fixed_at`);--> statement-breakpoint
CREATE TABLE `payout_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`details` text NOT NULL,
	`created_at` integer NOT NULL,
	`closed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_requests_one_open` ON `payout_requests` (`user_id`) WHERE "payout_requests"."status" in ('open', 'batched');--> statement-breakpoint
CREATE INDEX `payout_requests_status` ON `payout_requests` (`status`,`created_at`);--> statement-breakpoint
ALTER TABLE `ledger` ADD `payout_line_id` integer REFERENCES payout_lines(id);--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_one_per_payout_line` ON `ledger` (`payout_line_id`) WHERE "ledger"."payout_line_id" is not null;