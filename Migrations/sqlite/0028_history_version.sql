-- A number each account's calendar history moves on by whenever it changes: a run started or rated, a check-in saved
-- (AppDatabase.historyChanged, in the same transaction as the change). It is read with the session on every request,
-- so a node can keep a calendar it drew under the number it drew it for and know, from the database, when that is
-- out of date, whichever node the change came through. It says nothing about what the history holds.
ALTER TABLE accounts ADD COLUMN history_version INTEGER NOT NULL DEFAULT 0;
