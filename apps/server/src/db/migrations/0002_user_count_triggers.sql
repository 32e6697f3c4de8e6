-- The user list's cached count (core/list/count-cache.ts) is valid while version 'sys_user' is unchanged.
-- It depends on the users' filterable and scoped columns, on department ancestry (dept-and-below filters
-- and scopes) and on custom role departments. Statement-level triggers bump the version inside the
-- writing transaction, so readers see the new version exactly when they see the new rows. Login
-- bookkeeping (login_ip, login_date) and profile fields leave it alone.
INSERT INTO "sys_count_version" ("name", "version") VALUES ('sys_user', 0);
--> statement-breakpoint
CREATE FUNCTION "bump_sys_user_count_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "sys_count_version" SET "version" = "version" + 1 WHERE "name" = 'sys_user';
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sys_user_count_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "user_id", "dept_id", "del_flag", "status", "user_name", "phonenumber", "create_time" ON "sys_user" FOR EACH STATEMENT EXECUTE FUNCTION "bump_sys_user_count_version"();
--> statement-breakpoint
CREATE TRIGGER "sys_dept_count_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "dept_id", "ancestors" ON "sys_dept" FOR EACH STATEMENT EXECUTE FUNCTION "bump_sys_user_count_version"();
--> statement-breakpoint
CREATE TRIGGER "sys_role_dept_count_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE ON "sys_role_dept" FOR EACH STATEMENT EXECUTE FUNCTION "bump_sys_user_count_version"();
