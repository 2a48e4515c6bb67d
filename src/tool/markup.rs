//! Text made safe for the markup the tool writes: the JUnit report (XML)
//! and the match report (HTML).

/// `text` safe inside quotes and elements of XML 1.0 and HTML: the five
/// characters with a meaning there escaped; the control characters (all
/// but tab and newline, which XML cannot hold) and the marks of the
/// direction of text (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
/// U+2069) spelled out (`\x01`, `\u{202e}`), as the terminal views do, so
/// that names that differ only there look different and a name cannot
/// turn the page's own words around; the two noncharacters XML cannot
/// hold either made U+FFFD.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' => out.push(c),
            c if c.is_ascii_control() => out.push_str(&format!("\\x{:02x}", u32::from(c))),
            c if c.is_control() => out.extend(c.escape_unicode()),
            // What XML 1.0 does not allow besides control characters.
            '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            '\u{61c}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}' => out.extend(c.escape_unicode()),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_and_control_characters_are_escaped() {
        assert_eq!(
            escape("<a b='c'>\u{1b}&\"\t"),
            "&lt;a b=&#39;c&#39;&gt;\\x1b&amp;&quot;\t"
        );
        assert_eq!(escape("Zero \u{202e}Max"), "Zero \\u{202e}Max");
        assert_eq!(escape("Ann\u{200f}"), "Ann\\u{200f}");
    }
}
