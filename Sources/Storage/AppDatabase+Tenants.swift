import Foundation
import Domain


extension AppDatabase {
    static let tenantColumns = """
        id, slug, name, accent_colour, free_resets_per_day, price_pence, report_threshold,
        crisis_support_text, community_enabled, custom_domain, price_currency, licence_all_members, webhook_secret,
        pseudonym_key, safeguarding_steps, escalation_contact, at_risk_response_minutes, config_version, min_group_size, sign_up_rule, sign_up_domains, logo_sha,
        exit_button, exit_url, staff_strong_sign_in
        """

    static func tenant(from row: SQLRow, unlimited: [String]) -> Tenant {
        var settings = TenantSettings()
        settings.accentColour = row["accent_colour"]
        settings.freeResetsPerDay = row["free_resets_per_day"]
        settings.pricePence = row["price_pence"]
        settings.reportThreshold = row["report_threshold"]
        settings.crisisSupportText = row["crisis_support_text"]
        settings.communityEnabled = row["community_enabled"]
        settings.customDomain = row["custom_domain"]
        settings.priceCurrency = row["price_currency"]
        settings.licenceAllMembers = row["licence_all_members"]
        settings.webhookSecret = row["webhook_secret"]
        settings.pseudonymKey = row["pseudonym_key"]
        settings.safeguardingSteps = row["safeguarding_steps"]
        settings.escalationContact = row["escalation_contact"]
        settings.atRiskResponseMinutes = row["at_risk_response_minutes"]
        settings.unlimitedEmails = unlimited
        settings.minimumGroupSize = row["min_group_size"]
        settings.logoSHA = row["logo_sha"]
        settings.exitButton = row["exit_button"]
        settings.exitURL = row["exit_url"]
        settings.staffStrongSignIn = row["staff_strong_sign_in"]
        settings.signUpPolicy = SignUpPolicy(storedRule: row["sign_up_rule"], storedDomains: row["sign_up_domains"])
        var tenant = Tenant(id: row["id"], slug: row["slug"], name: row["name"], settings: settings)
        tenant.configVersion = row["config_version"]
        return tenant
    }

    /// A tenant's row, with its unlimited list (needed only on the admin's settings page) when asked for: without it the
    /// lookup is one statement (one round trip to a database server).
    static func fetchTenant(_ db: any SQLConnection, where condition: String, _ argument: String,
                                    withUnlimitedEmails: Bool = true) throws -> Tenant? {
        guard let row = try db.row(sql: "SELECT \(tenantColumns) FROM tenants WHERE \(condition) = ?", arguments: [argument])
        else { return nil }
        let unlimited = withUnlimitedEmails
            ? try db.strings(sql: "SELECT email FROM tenant_unlimited_emails WHERE tenant_id = ? ORDER BY email", arguments: [row["id"] as String])
            : []
        return tenant(from: row, unlimited: unlimited)
    }

    /// A request's tenant, as `fetchTenant` without the unlimited list: its id and configuration version read by slug or
    /// domain, and the tenant decoded at that version kept in `kept`. Any change to the row moves the version on in the
    /// change's transaction (the `tenants_config_version` trigger), so a kept copy is never older than the row; a miss
    /// reads the row again in this same transaction. Every request did this with some thirty columns, a fifth of a small
    /// page's work.
    static func keptTenant(_ db: any SQLConnection, where condition: String, _ argument: String,
                           kept: ConfigurationCache<Tenant>) throws -> Tenant? {
        guard let row = try db.row(sql: "SELECT id, config_version FROM tenants WHERE \(condition) = ?", arguments: [argument])
        else { return nil }
        return try keptTenant(db, id: row["id"], version: row["config_version"], kept: kept)
    }

    /// The tenant `id` at configuration `version` (both just read in this transaction): the kept copy, or the row read
    /// again and kept.
    static func keptTenant(_ db: any SQLConnection, id: TenantID, version: Int, kept: ConfigurationCache<Tenant>) throws -> Tenant? {
        if let tenant = kept.value(tenantID: id, version: version) { return tenant }
        guard let tenant = try fetchTenant(db, where: "id", id.rawValue, withUnlimitedEmails: false) else { return nil }
        kept.store(tenant, tenantID: tenant.id, version: tenant.configVersion)
        return tenant
    }

    public func tenant(slug: String, withUnlimitedEmails: Bool = true) throws(StorageError) -> Tenant? {
        try read { db in try Self.fetchTenant(db, where: "slug", slug, withUnlimitedEmails: withUnlimitedEmails) }
    }

    public func tenant(id: TenantID, withUnlimitedEmails: Bool = true) throws(StorageError) -> Tenant? {
        try read { db in try Self.fetchTenant(db, where: "id", id.rawValue, withUnlimitedEmails: withUnlimitedEmails) }
    }

    public func tenant(customDomain: String, withUnlimitedEmails: Bool = true) throws(StorageError) -> Tenant? {
        try read { db in try Self.fetchTenant(db, where: "custom_domain", customDomain, withUnlimitedEmails: withUnlimitedEmails) }
    }

    public func tenants() throws(StorageError) -> [Tenant] {
        try read { db in
            try db.rows(sql: "SELECT \(Self.tenantColumns) FROM tenants ORDER BY slug").map { Self.tenant(from: $0, unlimited: []) }
        }
    }

    /// Creates a tenant with default settings. A taken slug is `.conflict`.
    public func createTenant(slug: String, name: String) throws(StorageError) -> Tenant {
        guard Tenant.isValidSlug(slug) else { throw .invalid("a slug is 1–40 lower-case letters, digits or hyphens") }
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...100).contains(trimmed.count) else { throw .invalid("a name is 1–100 characters") }
        return try write { db in
            if try db.bool(sql: "SELECT 1 FROM tenants WHERE slug = ?", arguments: [slug]) == true {
                throw StorageError.conflict("a tenant with the slug \(slug) already exists")
            }
            let id: TenantID = RandomID.id()
            try db.execute(sql: "INSERT INTO tenants (id, slug, name, webhook_secret, pseudonym_key) VALUES (?, ?, ?, ?, ?)",
                           arguments: [id, slug, trimmed, RandomID.secret(), RandomID.secret()])
            for (position, topic) in CommunityTopic.defaults.enumerated() {
                try db.execute(sql: "INSERT INTO community_topics (tenant_id, slug, name, position) VALUES (?, ?, ?, ?)",
                               arguments: [id, topic.slug, topic.name, position + 1])
            }
            try Self.startCommunityVersion(db, tenantID: id)
            for (position, contact) in CrisisContact.ukDefaults.enumerated() {
                try Self.insertCrisisContact(db, tenantID: id, contact, position: position + 1)
            }
            guard let tenant = try Self.fetchTenant(db, where: "id", id.rawValue) else { throw StorageError.queryFailed("the new tenant vanished") }
            return tenant
        }
    }

    /// The operator's command alone sets a tenant's own domain (`resett tenant set-domain`): a tenant admin could
    /// otherwise claim a domain that is not theirs. nil clears it. `.conflict` when another tenant has it.
    public func setCustomDomain(slug: String, to domain: String?) throws(StorageError) -> Bool {
        try write { db in
            if let domain, try db.bool(sql: "SELECT 1 FROM tenants WHERE custom_domain = ? AND slug != ?",
                                             arguments: [domain, slug]) == true {
                throw StorageError.conflict("another tenant already uses \(domain)")
            }
            try db.execute(sql: "UPDATE tenants SET custom_domain = ? WHERE slug = ?", arguments: [domain, slug])
            return db.changesCount == 1
        }
    }

    public func setTenantName(slug: String, to name: String) throws(StorageError) {
        try write { db in try db.execute(sql: "UPDATE tenants SET name = ? WHERE slug = ?", arguments: [name, slug]) }
    }

    /// Saves every setting an admin may change (found by the tenant's id) and its audit line, in one
    /// transaction. The custom domain is not among them: only the operator sets it (`setCustomDomain`).
    public func saveSettings(of tenant: Tenant, audit: AuditEntry? = nil) throws(StorageError) {
        let settings = tenant.settings
        try write { db in
            try db.execute(sql: """
                UPDATE tenants SET name = ?, accent_colour = ?, free_resets_per_day = ?, price_pence = ?, report_threshold = ?,
                    crisis_support_text = ?, community_enabled = ?, price_currency = ?,
                    licence_all_members = ?, safeguarding_steps = ?, escalation_contact = ?, at_risk_response_minutes = ?,
                    exit_button = ?, exit_url = ?, staff_strong_sign_in = ? WHERE id = ?
                """, arguments: [tenant.name, settings.accentColour, settings.freeResetsPerDay, settings.pricePence,
                                 settings.reportThreshold, settings.crisisSupportText, settings.communityEnabled,
                                 settings.priceCurrency, settings.licenceAllMembers, settings.safeguardingSteps,
                                 settings.escalationContact, settings.atRiskResponseMinutes, settings.exitButton,
                                 settings.exitURL.flatMap(ExitPage.validated), settings.staffStrongSignIn, tenant.id])
            if let audit { try Self.appendAudit(db, tenantID: tenant.id, audit) }
            try db.execute(sql: "DELETE FROM tenant_unlimited_emails WHERE tenant_id = ?", arguments: [tenant.id])
            for email in Set(settings.unlimitedEmails.compactMap { EmailAddress($0)?.value }) {
                try db.execute(sql: "INSERT INTO tenant_unlimited_emails (tenant_id, email) VALUES (?, ?)", arguments: [tenant.id, email])
            }
        }
    }
}
