import Foundation
import Testing

@testable import StoriesServerKit

/// The table every shared pool is kept in: bounded per owner and in all.
@Suite("Bounded records")
struct BoundedRecordsTests {
    static let first = RecordOwner.address(ClientAddress(text: "192.0.2.1"))
    static let second = RecordOwner.address(ClientAddress(text: "192.0.2.2"))
    static let third = RecordOwner.address(ClientAddress(text: "192.0.2.3"))

    @Test("An owner past its limit loses its own oldest record, and nobody else's")
    func perOwner() {
        var records = BoundedRecords<Int, String>(capacity: 100) { _ in 2 }
        records.insert("other", id: 0, owners: [Self.second])
        for id in 1...5 { records.insert("mine \(id)", id: id, owners: [Self.first]) }
        #expect(records.count(of: Self.first) == 2)
        #expect(records[4] == "mine 4")
        #expect(records[5] == "mine 5")
        #expect(records[3] == nil)
        #expect(records[0] == "other")
    }

    @Test("A record of two owners counts against both, and leaves both when dropped")
    func twoOwners() {
        var records = BoundedRecords<Int, String>(capacity: 100) { $0 == Self.first ? 1 : 5 }
        records.insert("a", id: 1, owners: [Self.first, Self.second])
        records.insert("b", id: 2, owners: [Self.first, Self.third])
        #expect(records[1] == nil)
        #expect(records.count(of: Self.second) == 0)
        #expect(records.count(of: Self.third) == 1)
    }

    @Test("A full table drops the oldest record of the owner holding the most")
    func capacity() {
        var records = BoundedRecords<Int, String>(capacity: 4) { _ in 10 }
        records.insert("lone", id: 0, owners: [Self.second])
        for id in 1...3 { records.insert("many \(id)", id: id, owners: [Self.first]) }
        records.insert("new", id: 4, owners: [Self.third])
        #expect(records.count == 4)
        #expect(records[0] == "lone")
        #expect(records[1] == nil)
        #expect(records[4] == "new")
    }

    @Test("Records are forgotten from the oldest on while they are done with")
    func dropOldest() {
        var records = BoundedRecords<Int, Int>(capacity: 100) { _ in 100 }
        for id in 1...6 { records.insert(id, id: id, owners: [Self.first]) }
        records.remove(2)
        #expect(records.dropOldest { $0 <= 4 } == [1, 3, 4])
        #expect(records.count == 2)
        #expect(records.dropOldest { $0 <= 4 } == [])
    }

    @Test("Records dropped and removed out of order leave no trace: memory stays within the bounds")
    func bounded() {
        var records = BoundedRecords<Int, Int>(capacity: 100) { _ in 10 }
        for id in 0..<20_000 {
            records.insert(id, id: id, owners: [.address(ClientAddress(text: "10.0.\(id % 30).1"))])
            if id % 3 == 0 { records.remove(id - 1) }
            records.dropOldest { $0 < id - 500 }
            #expect(records.count <= 100)
            #expect(records.arrivalsKept <= 2 * records.count + 64 + 1024)
        }
    }
}
