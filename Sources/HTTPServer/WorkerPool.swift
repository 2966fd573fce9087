import Foundation
import CLinux

/// Threads that run handlers which may block. Jobs queue when every thread is busy, up to `maxQueued`; past that
/// `submit` refuses, and the caller answers 503 rather than letting the queue grow. The pool starts `initialThreads`
/// and adds one whenever a job arrives with none idle, up to `threadCount`: the waiting pool's 64 are there for a
/// burst of log-ins, and an idle server does not hold them (each costs its stack's pages and a malloc arena).
final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var jobIndex = 0
    private var stopping = false
    private var started = 0
    private var idle = 0
    private let finished = DispatchGroup()
    private let maxQueued: Int
    private let maxThreads: Int
    private let name: String
    private let niceness: Int32

    /// `niceness` above 0 lowers the threads' CPU priority (Linux lets a thread lower its own without privileges): the
    /// waiting pool's password hashes then take what the page workers leave, so a burst of log-ins slows pages little.
    init(threadCount: Int, initialThreads: Int? = nil, maxQueued: Int = 1024, name: String, niceness: Int32 = 0) {
        self.maxQueued = max(1, maxQueued)
        self.maxThreads = max(1, threadCount)
        self.name = name
        self.niceness = niceness
        condition.lock()
        for _ in 0..<min(maxThreads, max(1, initialThreads ?? maxThreads)) { startThread() }
        condition.unlock()
    }

    /// Called with the lock held.
    private func startThread() {
        let number = started
        started += 1
        finished.enter()
        let thread = Thread { [self] in
            if niceness > 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(gettid()), niceness) }
            self.work()
            self.finished.leave()
        }
        thread.name = "\(name)-\(number)"
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// False when the queue is full; the job is not run.
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        condition.lock()
        guard jobs.count - jobIndex < maxQueued else {
            condition.unlock()
            return false
        }
        jobs.append(job)
        if jobs.count - jobIndex > idle && started < maxThreads { startThread() }
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

    /// Threads waiting for a job.
    var idleCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return idle
    }

    /// Threads started so far (for tests and the idle bench).
    var threadCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return started
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
            idle += 1
            while jobIndex == jobs.count, !stopping { condition.wait() }
            idle -= 1
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
