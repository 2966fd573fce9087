-- Issue 65: a passkey proves the person only if its owner added it. Adding one needs a proof of who they are from the
-- last few minutes (a password, a passkey already theirs, or the organisation's sign-in), so a session keeps when it
-- was last proven (0: never, as for every session made before this; they prove themselves again to add one).
ALTER TABLE sessions ADD COLUMN proven_at BIGINT NOT NULL DEFAULT 0;
-- When the account's owner last proved themselves without a passkey (a password, the organisation's sign-in or an
-- emailed link): a password reset removes every passkey added after it, as whoever added those may not be the owner.
ALTER TABLE accounts ADD COLUMN proven_without_passkey_at BIGINT NOT NULL DEFAULT 0;
