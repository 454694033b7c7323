-- Which plugin declared each code (null: one an administrator created), and whether it is offered. A code
-- of a plugin that does not run is offered nowhere (catalogue, roles, profiles, anyone's effective codes)
-- while the grants of it stay, so enabling the plugin again restores them. Start-up sets both
-- (seedPermissionCatalogue).
ALTER TABLE permissions ADD COLUMN plugin text;
ALTER TABLE permissions ADD COLUMN offered boolean NOT NULL DEFAULT true;
