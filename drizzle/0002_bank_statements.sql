CREATE TABLE `statement_credits` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fingerprint` text NOT NULL,
	`first_import_id` integer NOT NULL,
	`txn_date` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`utr` text,
	`reference` text,
	`description` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`first_import_id`) REFERENCES `statement_imports`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `statement_credits_fingerprint_unique` ON `statement_credits` (`fingerprint`);--> statement-breakpoint
CREATE INDEX `statement_credits_utr` ON `statement_credits` (`utr`);--> statement-breakpoint
CREATE TABLE `statement_import_lines` (
	`import_id` integer NOT NULL,
	`credit_id` integer NOT NULL,
	`row_number` integer NOT NULL,
	`is_new` integer NOT NULL,
	`result` text,
	`order_id` integer,
	`result_code` text,
	`result_message` text,
	`decided_at` integer,
	PRIMARY KEY(`import_id`, `credit_id`),
	FOREIGN KEY (`import_id`) REFERENCES `statement_imports`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`credit_id`) REFERENCES `statement_credits`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `statement_import_lines_credit` ON `statement_import_lines` (`credit_id`);--> statement-breakpoint
CREATE TABLE `statement_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uploaded_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`file_name` text NOT NULL,
	`file_hash` text NOT NULL,
	`file_kind` text NOT NULL,
	`layout` text NOT NULL,
	`period_from` text,
	`period_to` text,
	`rows_read` integer NOT NULL,
	`credit_lines` integer NOT NULL,
	`new_credit_lines` integer NOT NULL,
	`exact_count` integer NOT NULL,
	`mismatch_count` integer NOT NULL,
	`no_order_count` integer NOT NULL,
	`settled_count` integer NOT NULL,
	`stale_days` integer NOT NULL,
	`stale_count` integer NOT NULL,
	`approved_count` integer DEFAULT 0 NOT NULL,
	`failed_count` integer DEFAULT 0 NOT NULL,
	`last_approved_by` integer,
	`last_approved_at` integer,
	`repeat_of` integer,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`last_approved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`repeat_of`) REFERENCES `statement_imports`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `statement_imports_created` ON `statement_imports` (`created_at`);--> statement-breakpoint
CREATE INDEX `statement_imports_file` ON `statement_imports` (`file_hash`);--> statement-breakpoint
CREATE TABLE `statement_mappings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`header_key` text NOT NULL,
	`headers` text NOT NULL,
	`date_column` integer NOT NULL,
	`description_column` integer NOT NULL,
	`reference_column` integer,
	`credit_column` integer NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `statement_mappings_header_key_unique` ON `statement_mappings` (`header_key`);