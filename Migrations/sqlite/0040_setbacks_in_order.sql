-- A member's setbacks newest first, ties by id, straight from the index: without id in it, the list and the small
-- step's look-back sorted each page's rows again after reading them.
DROP INDEX setbacks_by_member;
CREATE INDEX setbacks_by_member ON setbacks (tenant_id, account_id, happened_at, id);
