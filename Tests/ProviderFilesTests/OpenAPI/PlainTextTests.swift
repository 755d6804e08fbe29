@testable import ProviderFiles
import Testing

/// An API document's prose made plain for a terminal: tags and Markdown marks dropped,
/// entities decoded, and cut between whole sentences only.
@Suite("Plain text from API documents")
struct PlainTextTests {
    @Test("HTML tags go, their text stays; a tag that is no HTML (<currency>, TwiML's <Say>) is text", arguments: [
        ("<p>Retrieves the <a href=\"/docs/api\">account</a>.</p>", "Retrieves the account."),
        ("<p>One.</p><p>Two.</p>", "One.\n\nTwo."),
        ("Amount in <currency>, see <code>amount</code>.", "Amount in <currency>, see amount."),
        ("Play a <Say> verb<br/>then stop.", "Play a <Say> verb\n\nthen stop."),
        ("a < b and c > d", "a < b and c > d"),
        ("<!-- hidden --><strong>Shown</strong>", "Shown"),
    ])
    func tags(html: String, plain: String) {
        #expect(PlainText.paragraphs(html) == plain)
    }

    @Test("entities are decoded, named and numbered; an unknown one stays", arguments: [
        ("AT&amp;T &lt;b&gt; &quot;x&quot; it&#39;s it&#x27;s", "AT&T <b> \"x\" it's it's"),
        ("&nbsp;spaced&nbsp;", "spaced"),
        ("&unknown; &#0;", "&unknown; &#0;"),
    ])
    func entities(text: String, plain: String) {
        #expect(PlainText.line(text) == plain)
    }

    @Test("Markdown links become their text; strong and code marks and heading hashes go")
    func markdown() {
        #expect(PlainText.line("Get info. [Learn more](/docs/guides/fine-tuning)") == "Get info. Learn more")
        #expect(PlainText.line("**Note**: use `expand` ![logo](x.png)") == "Note: use expand logo")
        #expect(PlainText.paragraphs("# Lists\nThe lists.") == "Lists The lists.")
        #expect(PlainText.line("a_snake_case name and 2 * 3") == "a_snake_case name and 2 * 3")
    }

    @Test("the first sentence is whole: e.g., i.e., initials, numbers and file names end none", arguments: [
        ("Name of the Best Sellers List (e.g. hardcover-fiction). You can get the names.",
         "Name of the Best Sellers List (e.g. hardcover-fiction)."),
        ("The format, i.e. json. More.", "The format, i.e. json."),
        ("Stories in the U.S. Senate. More.", "Stories in the U.S. Senate."),
        ("Version 1.5 of info.0.json is here. More.", "Version 1.5 of info.0.json is here."),
        ("Is it done? Yes.", "Is it done?"),
        ("Ends (quoted.) Next one.", "Ends (quoted.)"),
        ("No end at all", "No end at all"),
        ("etc. and so on. Then.", "etc. and so on."),
    ])
    func firstSentence(text: String, sentence: String) {
        #expect(PlainText.firstSentence(of: text, limit: 200) == sentence)
    }

    @Test("a sentence longer than the limit ends at a word with an ellipsis; sentences fill up to the limit")
    func limits() {
        let long = "This sentence is much longer than the small limit it is given here."
        let fitted = PlainText.firstSentence(of: long, limit: 30)
        #expect(fitted == "This sentence is much longer…")
        #expect(fitted.count <= 30)
        #expect(PlainText.sentences("One two. Three four. Five six.", limit: 21) == "One two. Three four.")
        #expect(PlainText.sentences("One two. Three four.", limit: 100) == "One two. Three four.")
    }

    @Test("paragraphs joined on one line stay apart: a heading gets a period")
    func joined() {
        #expect(PlainText.line("Best Sellers\n\nThe lists service returns lists.") == "Best Sellers. The lists service returns lists.")
    }

    @Test("terminal controls never survive")
    func controls() {
        #expect(PlainText.line("red \u{1B}[31mtext\u{1B}[0m &#27;[2J") == "red text &#27;[2J")
    }
}
