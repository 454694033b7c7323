-- The engine reads a unique index's name to tell which field a clash is on (a 422 on that field
-- instead of a 500), so the unique indexes of users and roles take the names the engine gives a
-- resource's (core/server/resource/indexes.ts). They still cover soft-deleted users: a restore
-- must not collide with a value taken meanwhile.
ALTER INDEX users_username_key RENAME TO users__username__live_key;
ALTER INDEX users_email_key RENAME TO users__email__live_key;
ALTER INDEX users_tg_user_id_key RENAME TO users__tg_user_id__live_key;
ALTER INDEX roles_name_key RENAME TO roles__name__key;
