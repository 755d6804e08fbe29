# A Homebrew formula for apicli, filled in by Scripts/package for each release (@URL@, @SHA256@,
# @VERSION@): it builds the release's source archive with the Swift toolchain and installs the
# binary, its man page and its completions. docs/packaging.md says how it is published.
class Apicli < Formula
  desc "Query web APIs from the shell and keep every result"
  homepage "@HOMEPAGE@"
  url "@URL@"
  version "@VERSION@"
  sha256 "@SHA256@"

  # SQLite and libcurl come with macOS; libyaml is opened when the first YAML document is read.
  depends_on "libyaml"
  uses_from_macos "curl"
  uses_from_macos "sqlite"

  on_macos do
    depends_on xcode: ["16.3", :build]
  end

  on_linux do
    depends_on "swift" => :build
  end

  def install
    system "swift", "build", "--disable-sandbox", "--configuration", "release", "--product", "apicli"
    bin.install ".build/release/apicli"
    (man1/"apicli.1").write Utils.safe_popen_read(bin/"apicli", "manpage")
    generate_completions_from_executable(bin/"apicli", "completions")
  end

  test do
    assert_match "apicli #{version}", shell_output("#{bin}/apicli --version")
    assert_match "weather", shell_output("#{bin}/apicli providers")
    # Offline, with nothing stored: one line and the documented exit code, no request sent.
    assert_match "nothing stored", shell_output("#{bin}/apicli weather Paris --offline 2>&1", 69)
  end
end
