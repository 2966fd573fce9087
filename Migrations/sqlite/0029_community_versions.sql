-- A number each tenant's community moves on by whenever anything its feed or moderation queue shows changes: a post
-- written, deleted or moderated, a reaction, a report, a posting restriction, a topic (AppDatabase.communityChanged,
-- in the same transaction as the change; a write to those tables without it is refused). It is read with the session
-- on every request, so a node can keep a page of the feed or the queue under the number it was drawn for and know,
-- from the database, when that is out of date, whichever node the change came through. Every tenant has a row: from here for those already there, from
-- createTenant for new ones.
CREATE TABLE community_versions (
    tenant_id TEXT PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
    version INTEGER NOT NULL
);
INSERT INTO community_versions (tenant_id, version) SELECT id, 0 FROM tenants;
