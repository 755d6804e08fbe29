/// A small OpenAPI document that mirrors what the National Weather Service's
/// (api.weather.gov, document version 3.6.0) declares where apicli once went wrong, for the
/// tests, since the real document is not in the corpus (its SOURCES.md says why): the
/// document's `security` is `[{userAgent: []}, {apiKeyAuth: []}]`, where `userAgent` is an
/// `apiKey` in the `User-Agent` header (an app name and a contact, not a secret) and
/// `apiKeyAuth` one in `API-Key` (a key being tried); the forecast office `{wfo}` is an enum
/// (131 offices here, over the old cap of 100); the grid `{x},{y}` are integers of minimum 0;
/// `units` is an enum with a default; and the answers are `application/geo+json`, the
/// forecast's list at `properties.periods`. The answer used with it is the real recorded
/// forecast.
enum NWSLikeDocument {
    static let forecastAnswer = "openapi-answers/nws_gridpoints_forecast_two_periods_2019-10-13_pynws.json"

    /// 131 office codes, Tallahassee's last.
    static let offices: [String] = {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let made = (0..<130).map { index in String([letters[index / 26 % 26], letters[index % 26], "X"]) }
        return made + ["TAE"]
    }()

    static func text() -> String {
        let choices = offices.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            {"openapi": "3.0.3", "info": {"title": "weather.gov API", "version": "2.7.0"},
             "servers": [{"url": "https://api.weather.gov"}],
             "security": [{"userAgent": []}, {"apiKeyAuth": []}],
             "components": {
               "securitySchemes": {"userAgent": {"type": "apiKey", "in": "header", "name": "User-Agent",
                 "description": "Identify your application and a contact, as 'myapp (me@example.org)'."},
                 "apiKeyAuth": {"type": "apiKey", "in": "header", "name": "API-Key"}},
               "schemas": {"NWSForecastOfficeId": {"type": "string", "enum": [\(choices)]},
                           "GridpointForecastUnits": {"type": "string", "enum": ["us", "si"], "default": "us"}},
               "parameters": {
                 "GridpointWFO": {"name": "wfo", "in": "path", "required": true, "description": "Forecast office ID",
                   "schema": {"$ref": "#/components/schemas/NWSForecastOfficeId"}},
                 "GridpointX": {"name": "x", "in": "path", "required": true, "description": "Forecast grid X coordinate",
                   "schema": {"type": "integer", "minimum": 0}},
                 "GridpointY": {"name": "y", "in": "path", "required": true, "description": "Forecast grid Y coordinate",
                   "schema": {"type": "integer", "minimum": 0}}}},
             "paths": {
               "/gridpoints/{wfo}/{x},{y}/forecast": {
                 "parameters": [{"$ref": "#/components/parameters/GridpointWFO"}, {"$ref": "#/components/parameters/GridpointX"},
                                {"$ref": "#/components/parameters/GridpointY"}],
                 "get": {"operationId": "gridpoint_forecast", "summary": "Returns a textual forecast for a 2.5km grid area",
                   "parameters": [{"name": "units", "in": "query", "description": "Use US customary or SI (metric) units in textual output",
                     "schema": {"$ref": "#/components/schemas/GridpointForecastUnits"}}],
                   "responses": {"200": {"description": "A forecast", "content": {"application/geo+json": {"schema": {"type": "object",
                     "properties": {"type": {"type": "string"}, "properties": {"type": "object", "properties": {
                       "updated": {"type": "string"}, "units": {"type": "string"},
                       "periods": {"type": "array", "items": {"type": "object", "properties": {
                         "number": {"type": "integer"}, "name": {"type": "string"}, "startTime": {"type": "string", "format": "date-time"},
                         "temperature": {"type": "integer"}, "shortForecast": {"type": "string"},
                         "detailedForecast": {"type": "string"}}}}}}}}}}}}}},
               "/alerts/active": {"get": {"operationId": "alerts_active", "summary": "Returns all currently active alerts",
                 "parameters": [{"name": "area", "in": "query", "description": "State/territory code", "schema": {"type": "string"}}],
                 "responses": {"200": {"description": "Alerts", "content": {"application/geo+json": {"schema": {"type": "object",
                   "properties": {"features": {"type": "array", "items": {"type": "object", "properties": {
                     "id": {"type": "string"}, "properties": {"type": "object", "properties": {"headline": {"type": "string"}}}}}}}}}}}}}}}
            }
            """
    }
}
