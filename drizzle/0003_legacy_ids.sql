CREATE TABLE `legacy_ids` (
	`kind` text NOT NULL,
	`legacy_id` text NOT NULL,
	`local_id` integer NOT NULL,
	`imported_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `legacy_id`)
);
--> statement-breakpoint
CREATE INDEX `legacy_ids_local` ON `legacy_ids` (`kind`,`local_id`);