import Foundation
import CLinux

/// A fixed set of threads that run handlers which may block. Jobs queue when every thread is busy, up to
/// `maxQueued`; past that `submit` refuses, and the caller answers 503 rather than letting the queue grow.
final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var jobIndex = 0
    private var stopping = false
    private var threads: [Thread] = []
    private let finished = DispatchGroup()
    private let maxQueued: Int

    /// `niceness` above 0 lowers the threads' CPU priority (Linux lets a thread lower its own without privileges): the
    /// waiting pool's password hashes then take what the page workers leave, so a burst of log-ins slows pages little.
    init(threadCount: Int, maxQueued: Int = 1024, name: String, niceness: Int32 = 0) {
        self.maxQueued = max(1, maxQueued)
        for number in 0..<threadCount {
            finished.enter()
            let thread = Thread { [self] in
                if niceness > 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(gettid()), niceness) }
                self.work()
                self.finished.leave()
            }
            thread.name = "\(name)-\(number)"
            thread.stackSize = 1 << 20
            threads.append(thread)
        }
        threads.forEach { $0.start() }
    }

    /// False when the queue is full; the job is not run.
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        condition.lock()
        guard jobs.count - jobIndex < maxQueued else {
            condition.unlock()
            return false
        }
        jobs.append(job)
        condition.signal()
        condition.unlock()
        return true
    }

    /// Jobs waiting for a thread.
    var queuedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return jobs.count - jobIndex
    }

    /// Runs what is queued, then stops every thread and waits for them.
    func shutdown() {
        condition.lock()
        stopping = true
        condition.broadcast()
        condition.unlock()
        finished.wait()
    }

    private func work() {
        while true {
            condition.lock()
            while jobIndex == jobs.count, !stopping { condition.wait() }
            if jobIndex == jobs.count {
                condition.unlock()
                return
            }
            let job = jobs[jobIndex]
            jobIndex += 1
            if jobIndex == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                jobIndex = 0
            } else if jobIndex > 1024 {
                jobs.removeFirst(jobIndex)
                jobIndex = 0
            }
            condition.unlock()
            job()
        }
    }
}
