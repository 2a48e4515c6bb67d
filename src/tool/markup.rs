//! Text made safe for the markup the tool writes: the JUnit report (XML)
//! and the match report (HTML).

/// `text` safe inside quotes and elements of XML 1.0 and HTML: the five
/// characters with a meaning there escaped, and the control characters
/// XML cannot hold (all but tab and newline) made U+FFFD.
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
            // What XML 1.0 does not allow: control characters and the
            // two noncharacters U+FFFE and U+FFFF.
            c if c.is_control() || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
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
            "&lt;a b=&#39;c&#39;&gt;\u{fffd}&amp;&quot;\t"
        );
    }
}
