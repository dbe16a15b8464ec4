CREATE TABLE `credit_note_counters` (
	`fy_start` integer PRIMARY KEY NOT NULL,
	`last_seq` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `credit_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`receipt_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`number` text NOT NULL,
	`fy_start` integer NOT NULL,
	`seq` integer NOT NULL,
	`issued_at` integer NOT NULL,
	`reason` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`taxable_paise` integer NOT NULL,
	`cgst_paise` integer NOT NULL,
	`sgst_paise` integer NOT NULL,
	`igst_paise` integer NOT NULL,
	FOREIGN KEY (`receipt_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_receipt_id_unique` ON `credit_notes` (`receipt_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_order_id_unique` ON `credit_notes` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_number_unique` ON `credit_notes` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_fy_seq` ON `credit_notes` (`fy_start`,`seq`);--> statement-breakpoint
CREATE INDEX `credit_notes_issued` ON `credit_notes` (`issued_at`);--> statement-breakpoint
CREATE TABLE `reserved_utrs` (
	`utr` text PRIMARY KEY NOT NULL,
	`source` text NOT NULL,
	`source_id` text,
	`reserved_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tds_deductions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`ledger_id` integer NOT NULL,
	`order_id` integer,
	`fy_start` integer NOT NULL,
	`base_paise` integer NOT NULL,
	`rate_bp` integer NOT NULL,
	`tds_paise` integer NOT NULL,
	`pan` text,
	`pan_name` text,
	`credited_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ledger_id`) REFERENCES `ledger`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tds_deductions_ledger_id_unique` ON `tds_deductions` (`ledger_id`);--> statement-breakpoint
CREATE INDEX `tds_deductions_credited` ON `tds_deductions` (`credited_at`);--> statement-breakpoint
CREATE INDEX `tds_deductions_user_year` ON `tds_deductions` (`user_id`,`fy_start`);--> statement-breakpoint
ALTER TABLE `orders` ADD `buyer_gstin` text;--> statement-breakpoint
ALTER TABLE `receipts` ADD `buyer_gstin` text;