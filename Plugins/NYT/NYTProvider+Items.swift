import APICore

/// What `--fields`, `--format line` and `--new` see: each article is an item,
/// identified by its `id`; the fields are those of the README's JSON schema.
extension NYTProvider {
    public var items: ItemShape {
        ItemShape(
            identity: ["id"],
            template: "{pub_date:%Y-%m-%d|----------}  {headline|-}",
            meanings: [
                FieldMeaning("id", "the article's id (nyt://article/… or a hex id); stable across fetches"),
                FieldMeaning("web_url", "the article's address on nytimes.com"),
                FieldMeaning("headline", "the main headline"),
                FieldMeaning("abstract", "a summary written by the desk, when there is one"),
                FieldMeaning("lead_paragraph", "the first paragraph"),
                FieldMeaning("snippet", "a short excerpt"),
                FieldMeaning("byline", "who wrote it, as printed (By …)"),
                FieldMeaning("pub_date", "when it was published, ISO 8601 UTC"),
                FieldMeaning("section_name", "the section (World, Sports…)"),
                FieldMeaning("subsection_name", "the subsection (Africa, Pro Basketball…)"),
                FieldMeaning("news_desk", "the desk that produced it"),
                FieldMeaning("type_of_material", "News, Op-Ed, Review, Obituary…"),
                FieldMeaning("document_type", "article, multimedia, blogpost…"),
                FieldMeaning("word_count", "the length in words"),
                FieldMeaning("source", "The New York Times, AP, Reuters…"),
                FieldMeaning("multimedia", "the addresses of its images, a list"),
            ])
    }
}
