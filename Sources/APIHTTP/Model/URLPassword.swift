#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import APIBasics

/// A password written into a URL (`http://user:SECRET@host`) is a secret like the
/// API key: every URL that is printed, traced or stored shows it as `***`.
public enum URLPassword {
    /// `text` with the password of its `user:password@` part replaced by `***`;
    /// unchanged when it has none.
    public static func redacted(_ text: String) -> String {
        guard let password = password(in: text) else { return text }
        return text.replacingAll(":" + password + "@", with: ":***@")
    }

    /// The password as written in the URL (still percent-encoded), if any.
    public static func password(in text: String) -> String? {
        guard let components = URLComponents(string: text), let password = components.percentEncodedPassword,
              !password.isEmpty
        else { return nil }
        return password
    }
}
