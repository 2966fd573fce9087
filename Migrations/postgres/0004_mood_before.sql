-- The brief's optional moodBefore: how a person felt before a reset, so the result can say "from 4 to 7"
-- (as Migrations/sqlite/0012_mood_before.sql).
ALTER TABLE runs ADD COLUMN mood_before INTEGER CHECK (mood_before BETWEEN 1 AND 10);
