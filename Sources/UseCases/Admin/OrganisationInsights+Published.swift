import Domain

/// What a period of the organisation's report keeps once published: its figures, and how many people were behind each
/// when it was published. A smallest group set larger later hides more of those figures from the counts kept here, so
/// nothing is read again from the data as it is now (which would show what changed meanwhile: issue 65, finding 8).
extension OrganisationInsights {
    /// One week's published figures. A week published before a figure existed reads it as absent (hidden), so what was
    /// published never changes.
    struct PublishedWeek: Codable {
        /// The people behind each figure; absent in a week published before issue 65, whose figures are then all hidden
        /// under a larger smallest group.
        var people: People?
        var active, started, completed, checkIns, posts: Int?
        var practices, glimmers, worries: Int?

        struct People: Codable {
            let active, started, completed, notCompleted, checkIns, posts, practices, glimmers, worries: Int
        }

        /// The week as shown under `minimum`, larger than the smallest group it was published under: a figure hidden
        /// then stays hidden, and one from fewer people than `minimum` is hidden too (completed resets also when the
        /// unfinished ones would be a small group).
        func hiding(under minimum: Int) -> PublishedWeek {
            guard let people else { return PublishedWeek() }
            func kept(_ figure: Int?, _ count: Int) -> Int? { count == 0 || count >= minimum ? figure : nil }
            let startedShown = kept(started, people.started)
            let completedShown = startedShown != nil && kept(completed, people.completed) != nil
                && GroupSize.partMayBeShown(partPeople: people.completed, restPeople: people.notCompleted, minimum: minimum)
            return PublishedWeek(people: people, active: kept(active, people.active), started: startedShown,
                                 completed: completedShown ? completed : nil, checkIns: kept(checkIns, people.checkIns),
                                 posts: kept(posts, people.posts), practices: kept(practices, people.practices),
                                 glimmers: kept(glimmers, people.glimmers), worries: kept(worries, people.worries))
        }
    }

    /// One feeling's published figures over a block of weeks.
    struct PublishedEmotion: Codable {
        let id: String
        /// The people behind the figures; absent in a block published before issue 65.
        let people: People?
        let started, completed: Int?
        let moodBefore, moodAfter: Double?

        struct People: Codable {
            let started, completed, notCompleted, rated: Int
        }

        /// The block's rows as shown under `minimum`, larger than the smallest group they were published under. What was
        /// hidden stays hidden; rows from fewer people are hidden; then, as at publishing, more until the hidden rows
        /// cover enough people that the total minus the shown rows describes no small group. The people behind several
        /// hidden rows together are counted as the largest row's: never more than there were, so this hides at least
        /// what counting them again would.
        static func hiding(_ rows: [PublishedEmotion], under minimum: Int) -> [PublishedEmotion] {
            let counted = rows.compactMap { row in row.people.map { (row.id, $0) } }
            guard counted.count == rows.count else {
                return rows.map { PublishedEmotion(id: $0.id, people: nil, started: nil, completed: nil, moodBefore: nil, moodAfter: nil) }
            }
            let people = Dictionary(uniqueKeysWithValues: counted)
            func hidden(_ count: [String: Int], alreadyHidden: Set<String>) -> Set<String> {
                var hidden = alreadyHidden.union(count.filter { $0.value > 0 && $0.value < minimum }.keys)
                while !hidden.isEmpty, (hidden.compactMap { count[$0] }.max() ?? 0) < minimum {
                    guard let next = count.filter({ $0.value > 0 && !hidden.contains($0.key) })
                        .min(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { break }
                    hidden.insert(next.key)
                }
                return hidden
            }
            let startedHidden = hidden(people.mapValues(\.started), alreadyHidden: Set(rows.filter { $0.started == nil }.map(\.id)))
            var completedPeople = people.mapValues(\.completed)
            for (id, count) in people where startedHidden.contains(id)
                || !GroupSize.partMayBeShown(partPeople: count.completed, restPeople: count.notCompleted, minimum: minimum) {
                completedPeople[id] = min(count.completed, minimum - 1)
            }
            let completedHidden = hidden(completedPeople, alreadyHidden: Set(rows.filter { $0.completed == nil }.map(\.id)))
            return rows.map { row in
                let averages = !startedHidden.contains(row.id) && (people[row.id]?.rated ?? 0) >= minimum
                return PublishedEmotion(id: row.id, people: row.people, started: startedHidden.contains(row.id) ? nil : row.started,
                                        completed: completedHidden.contains(row.id) ? nil : row.completed,
                                        moodBefore: averages ? row.moodBefore : nil, moodAfter: averages ? row.moodAfter : nil)
            }
        }
    }
}
