CREATE TABLE "sys_count_version" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idx_sys_user_live_dept" ON "sys_user" USING btree ("dept_id") WHERE "sys_user"."del_flag" = '0';