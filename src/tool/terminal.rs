//! What text takes on a terminal: the columns of its characters, and
//! padding by columns, so that names in any script line up; and whether
//! the terminal can move its cursor at all.

/// Whether `TERM`'s value names a terminal that cannot move its cursor
/// or wipe a line (`dumb`): it gets plain lines, one after another.
pub(crate) fn is_dumb(term: Option<&std::ffi::OsStr>) -> bool {
    term.is_some_and(|term| term == "dumb")
}

/// The columns `text` takes on a terminal: two for a wide character of
/// the East Asian scripts (and emoji), none for a combining mark or a
/// zero-width one, one for any other.
pub(crate) fn columns(text: &str) -> usize {
    let width = |c: char| match u32::from(c) {
        0x0300..=0x036F
        | 0x0483..=0x0489
        | 0x0591..=0x05BD
        | 0x0610..=0x061A
        | 0x064B..=0x065F
        | 0x1AB0..=0x1AFF
        | 0x1DC0..=0x1DFF
        | 0x200B..=0x200F
        | 0x2060
        | 0x20D0..=0x20FF
        | 0xFE00..=0xFE0F
        | 0xFE20..=0xFE2F
        | 0xFEFF => 0,
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x1F300..=0x1F64F
        | 0x1F680..=0x1F6FF
        | 0x1F900..=0x1F9FF
        | 0x20000..=0x3FFFD => 2,
        _ => 1,
    };
    text.chars().map(width).sum()
}

/// `text` padded with spaces to `width` columns, on the left (right
/// aligned) or the right. Any width: names may be long.
pub(crate) fn pad(text: &str, width: usize, right_aligned: bool) -> String {
    let fill = " ".repeat(width.saturating_sub(columns(text)));
    if right_aligned {
        fill + text
    } else {
        text.to_string() + &fill
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_characters_take_two_columns_and_marks_none() {
        assert_eq!(columns("Ding"), 4);
        assert_eq!(columns("丁俊晖"), 6);
        assert_eq!(columns("e\u{301}"), 1);
        assert_eq!(pad("丁", 4, true), "  丁");
    }

    #[test]
    fn long_names_are_padded_without_limit() {
        let long = "x".repeat(70_000);
        assert_eq!(pad(&long, 70_002, true).len(), 70_002);
        assert_eq!(pad("ab", 4, false), "ab  ");
    }
}
