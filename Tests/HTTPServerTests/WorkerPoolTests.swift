import Foundation
import Synchronization
import Testing
@testable import HTTPServer

/// The pool starts few threads and adds one only when a job finds none idle, up to its limit.
@Suite("Worker pool")
struct WorkerPoolTests {
    @Test func aPoolGrowsOnlyAsFarAsItsJobsNeedAtOnce() throws {
        let pool = WorkerPool(threadCount: 8, initialThreads: 1, name: "test-pool")
        #expect(pool.threadCount == 1)
        // One job at a time, each after the last thread is idle again, never needs a second thread.
        for _ in 0..<20 {
            let deadline = Date().addingTimeInterval(5)
            while pool.idleCount == 0, Date() < deadline { usleep(100) }
            let done = DispatchSemaphore(value: 0)
            #expect(pool.submit { done.signal() })
            done.wait()
        }
        #expect(pool.threadCount == 1, "sequential jobs reuse the idle thread")

        // Four jobs that all wait for each other can only finish if four threads run them at once.
        let started = Atomic(0)
        let release = DispatchSemaphore(value: 0), finished = DispatchGroup()
        for _ in 0..<4 {
            finished.enter()
            #expect(pool.submit {
                started.add(1, ordering: .sequentiallyConsistent)
                release.wait()
                finished.leave()
            })
        }
        let deadline = Date().addingTimeInterval(5)
        while started.load(ordering: .sequentiallyConsistent) < 4, Date() < deadline { usleep(1000) }
        #expect(started.load(ordering: .sequentiallyConsistent) == 4)
        #expect((4...8).contains(pool.threadCount), "grown to the four at once, not to its limit")
        for _ in 0..<4 { release.signal() }
        finished.wait()
        pool.shutdown()
    }

    @Test func aPoolNeverStartsMoreThanItsLimit() throws {
        let pool = WorkerPool(threadCount: 3, initialThreads: 1, maxQueued: 100, name: "test-limit")
        let release = DispatchSemaphore(value: 0), finished = DispatchGroup()
        for _ in 0..<10 {
            finished.enter()
            #expect(pool.submit { release.wait(); finished.leave() })
        }
        #expect(pool.threadCount == 3)
        #expect(pool.queuedCount >= 7, "the rest wait their turn")
        for _ in 0..<10 { release.signal() }
        finished.wait()
        pool.shutdown()
    }
}
