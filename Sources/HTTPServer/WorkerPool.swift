import Foundation

/// A fixed set of threads that run handlers which may block. Jobs queue when every thread is busy;
/// the queue is bounded in practice because each connection has at most one request in flight.
final class WorkerPool: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var jobIndex = 0
    private var stopping = false
    private var threads: [Thread] = []
    private let finished = DispatchGroup()

    init(threadCount: Int, name: String) {
        for number in 0..<threadCount {
            finished.enter()
            let thread = Thread { [self] in
                self.work()
                self.finished.leave()
            }
            thread.name = "\(name)-\(number)"
            thread.stackSize = 1 << 20
            threads.append(thread)
        }
        threads.forEach { $0.start() }
    }

    func submit(_ job: @escaping @Sendable () -> Void) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
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
