import APIClient
import HTTPTypes
import StoriesData
import Testing

@Suite("NextPageLink")
struct NextPageLinkTests {
    @Test(
        "Reads the cursor of the first link whose relation types include next",
        arguments: [
            (#"<?cursor=9900&limit=100>; rel="next""#, "9900"),
            (#"<https://api.example/stories?limit=20&cursor=42>; rel=next"#, "42"),
            (#"<?cursor=1>; rel="prev", <?cursor=2>; rel="next""#, "2"),
            (#"<?cursor=3>;rel="last next""#, "3"),
            (#"<?cursor=4> ; title="a, b; c" ; REL="Next""#, "4"),
            (#"<?cursor=5>; rel="next", <?cursor=6>; rel="next""#, "5"),
        ])
    func readsNextCursor(field: String, cursor: String) {
        #expect(NextPageLink.cursor(inLinkField: field) == cursor)
    }

    @Test(
        "Reads the target of the first next link as written, whatever its query holds",
        arguments: [
            (#"<?cursor=9900&limit=100>; rel="next""#, "?cursor=9900&limit=100"),
            (#"<?cursor=1>; rel="prev", </v1/stories?page=2>; rel="next""#, "/v1/stories?page=2"),
            (#"<https://api.example/stories?after=x>; rel="next""#, "https://api.example/stories?after=x"),
            (#"<?cursor=1>; rel="prev""#, nil), ("", nil),
        ] as [(String, String?)])
    func readsNextTarget(field: String, target: String?) {
        #expect(NextPageLink.nextTarget(inLinkField: field) == target)
    }

    @Test(
        "Reads nothing from a field without a usable next link",
        arguments: [
            "",
            #"<?cursor=1>; rel="prev""#,
            #"<?limit=20>; rel="next""#,
            #"<?cursor=>; rel="next""#,
            #"?cursor=1; rel="next""#,
            #"<?cursor=1; rel="next""#,
            #"<?cursor=1>; rel="next"#,
            #"<?cursor=1>; rev="next""#,
        ])
    func readsNothing(field: String) {
        #expect(NextPageLink.cursor(inLinkField: field) == nil)
    }

    @Test(
        "Reads the Link fields of a success only",
        arguments: [(.ok, "7"), (.unauthorized, nil)] as [(HTTPResponse.Status, String?)])
    func readsSuccessOnly(status: HTTPResponse.Status, cursor: String?) {
        let response = HTTPResponse(
            status: status, headerFields: [HTTPField.Name("Link")!: #"<?cursor=7>; rel="next""#])
        #expect(NextPageLink.cursor(in: response) == cursor)
    }
}
