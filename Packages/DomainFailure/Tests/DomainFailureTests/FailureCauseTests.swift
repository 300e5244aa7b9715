import DomainFailure
import Testing

@Suite("FailureCause")
struct FailureCauseTests {
    private enum Refusal: Error { case refused(code: Int) }
    private enum OtherRefusal: Error { case refused(code: Int) }

    @Test(
        "Two causes are equal only when they are the same error: same type and same value",
        arguments: [
            (FailureCause(Refusal.refused(code: 1)), FailureCause(Refusal.refused(code: 1)), true),
            (FailureCause(Refusal.refused(code: 1)), FailureCause(Refusal.refused(code: 2)), false),
            (FailureCause(Refusal.refused(code: 1)), FailureCause(OtherRefusal.refused(code: 1)), false),
        ])
    func equality(lhs: FailureCause, rhs: FailureCause, equal: Bool) {
        #expect((lhs == rhs) == equal)
    }

    @Test("A cause describes its error as String(reflecting:) does, so a front can show the detail")
    func description() {
        let error = Refusal.refused(code: 7)
        #expect(FailureCause(error).description == String(reflecting: error))
    }
}
