//! The std traits that code imports for their methods (`use
//! std::hash::BuildHasher;` for `state.build_hasher()`), with every method
//! each provides. Such an import may be named nowhere else, so a `use`
//! leaf of one is kept when kept code in its module calls one of those
//! methods (`.name(` or `path::name`); keeping it without a call would be
//! an unused import, dropping it with one would not compile.
//!
//! Traits of the prelude (`Iterator`, `Clone`, `ToString`, `Extend`, ...)
//! are left out: an import of one is never needed for its methods. The
//! lists hold every method of std 1.63 and later, so that a call cannot
//! go unseen; a trait missing here is dropped unless named.

/// Each trait's path under `std` (or `core`, `alloc`) and its methods.
const TRAITS: [(&str, &[&str]); 16] = [
    (
        "io::Read",
        &[
            "read",
            "read_vectored",
            "is_read_vectored",
            "read_to_end",
            "read_to_string",
            "read_exact",
            "read_buf",
            "read_buf_exact",
            "by_ref",
            "bytes",
            "chain",
            "take",
        ],
    ),
    (
        "io::Write",
        &[
            "write",
            "write_vectored",
            "is_write_vectored",
            "flush",
            "write_all",
            "write_all_vectored",
            "write_fmt",
            "by_ref",
        ],
    ),
    (
        "io::BufRead",
        &[
            "fill_buf",
            "consume",
            "has_data_left",
            "read_until",
            "skip_until",
            "read_line",
            "split",
            "lines",
        ],
    ),
    (
        "io::Seek",
        &[
            "seek",
            "rewind",
            "stream_len",
            "stream_position",
            "seek_relative",
        ],
    ),
    ("fmt::Write", &["write_str", "write_char", "write_fmt"]),
    ("hash::BuildHasher", &["build_hasher", "hash_one"]),
    (
        "hash::Hasher",
        &[
            "finish",
            "write",
            "write_u8",
            "write_u16",
            "write_u32",
            "write_u64",
            "write_u128",
            "write_usize",
            "write_i8",
            "write_i16",
            "write_i32",
            "write_i64",
            "write_i128",
            "write_isize",
            "write_length_prefix",
            "write_str",
        ],
    ),
    ("hash::Hash", &["hash", "hash_slice"]),
    ("str::FromStr", &["from_str"]),
    ("convert::TryFrom", &["try_from"]),
    ("convert::TryInto", &["try_into"]),
    ("iter::FromIterator", &["from_iter"]),
    ("borrow::Borrow", &["borrow"]),
    ("borrow::BorrowMut", &["borrow_mut"]),
    (
        "error::Error",
        &["source", "description", "cause", "provide"],
    ),
    ("any::Any", &["type_id"]),
];

/// The methods of the std trait at `path` (a `use` leaf's target, as
/// written), or none when it is no trait of the list.
pub fn methods(path: &[String]) -> &'static [&'static str] {
    let path = match path.first().map(String::as_str) {
        Some("") => &path[1..],
        _ => path,
    };
    let Some((root, rest)) = path.split_first() else {
        return &[];
    };
    if !matches!(root.as_str(), "std" | "core" | "alloc") {
        return &[];
    }
    let rest = rest.join("::");
    TRAITS
        .iter()
        .find(|(trait_path, _)| *trait_path == rest)
        .map_or(&[], |(_, methods)| *methods)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(path: &str) -> &'static [&'static str] {
        let path: Vec<String> = path.split("::").map(String::from).collect();
        methods(&path)
    }

    #[test]
    fn std_traits_are_found_by_their_path_from_std_or_core() {
        assert_eq!(of("std::hash::BuildHasher"), ["build_hasher", "hash_one"]);
        assert!(of("::std::io::Write").contains(&"write_all"));
        assert!(of("core::fmt::Write").contains(&"write_str"));
        assert!(!of("std::io::Write").contains(&"write_str"));
        assert!(of("crate::io::Write").is_empty());
        assert!(of("std::io::Error").is_empty());
        assert!(of("std::iter::Iterator").is_empty());
    }
}
