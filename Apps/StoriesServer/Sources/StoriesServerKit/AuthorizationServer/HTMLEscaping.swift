extension String {
    /// The text with `& < > " '` replaced by character references, safe inside an element and inside a quoted
    /// attribute value. Every piece of text a request or an account supplied goes through it before reaching a page.
    var htmlEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
