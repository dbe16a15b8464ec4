CREATE TABLE `certificate_names` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`script` text NOT NULL,
	`chosen_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`user_id` integer NOT NULL,
	`package_id` integer NOT NULL,
	`name` text NOT NULL,
	`package_name` text NOT NULL,
	`issued_at` integer NOT NULL,
	`revoked_at` integer,
	`revoked_by` integer,
	`revoke_reason` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`revoked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_number_unique` ON `certificates` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_one_valid` ON `certificates` (`user_id`,`package_id`) WHERE "certificates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX `certificates_package` ON `certificates` (`package_id`,`issued_at`);--> statement-breakpoint
CREATE TABLE `drip_notices` (
	`user_id` integer NOT NULL,
	`package_id` integer NOT NULL,
	`notified_through` integer NOT NULL,
	PRIMARY KEY(`user_id`, `package_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `lecture_watches` (
	`user_id` integer NOT NULL,
	`lecture_id` integer NOT NULL,
	`package_id` integer NOT NULL,
	`started_at` integer NOT NULL,
	`watched_seconds` integer DEFAULT 0 NOT NULL,
	`duration_seconds` integer,
	`done_at` integer,
	`done_how` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `lecture_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lecture_id`) REFERENCES `lectures`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lecture_watches_package` ON `lecture_watches` (`package_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `quiz_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quiz_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`submitted_at` integer NOT NULL,
	`right_count` integer NOT NULL,
	`question_count` integer NOT NULL,
	`score_percent` integer NOT NULL,
	`passed` integer NOT NULL,
	`answers` text NOT NULL,
	FOREIGN KEY (`quiz_id`) REFERENCES `quizzes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `quiz_attempts_user` ON `quiz_attempts` (`user_id`,`quiz_id`,`submitted_at`);--> statement-breakpoint
CREATE INDEX `quiz_attempts_quiz` ON `quiz_attempts` (`quiz_id`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `quiz_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`position` integer NOT NULL,
	`text_en` text,
	`text_mr` text,
	`correct` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `quiz_questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quiz_options_question` ON `quiz_options` (`question_id`,`position`);--> statement-breakpoint
CREATE TABLE `quiz_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`quiz_id` integer NOT NULL,
	`position` integer NOT NULL,
	`text_en` text,
	`text_mr` text,
	`explanation_en` text,
	`explanation_mr` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`quiz_id`) REFERENCES `quizzes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quiz_questions_quiz` ON `quiz_questions` (`quiz_id`,`position`);--> statement-breakpoint
CREATE TABLE `quizzes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`package_id` integer NOT NULL,
	`lecture_id` integer,
	`pass_percent` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lecture_id`) REFERENCES `lectures`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quizzes_one_per_lecture` ON `quizzes` (`lecture_id`) WHERE "quizzes"."lecture_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `quizzes_one_final` ON `quizzes` (`package_id`) WHERE "quizzes"."lecture_id" is null;--> statement-breakpoint
ALTER TABLE `lectures` ADD `opens_after_days` integer;--> statement-breakpoint
ALTER TABLE `packages` ADD `drip` text;--> statement-breakpoint
ALTER TABLE `packages` ADD `certificates` integer DEFAULT false NOT NULL;