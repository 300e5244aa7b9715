import Authorization
import CredentialsStore
import Testing

@testable import APIClientLive

@Suite("Connection limits")
struct ConnectionLimitsTests {
    @Test("A process waiting for the refresh lock outlasts the longest a holder can keep it")
    func lockWaitOutlastsHolder() {
        let limits = ConnectionLimits.standard
        let holder = limits.longestLockHold(storeBusyTimeout: .seconds(SQLiteCredentialsStore.defaultBusyTimeout))
        #expect(limits.refreshLockWait > holder)
    }

}
