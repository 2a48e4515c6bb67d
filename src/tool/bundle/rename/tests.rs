//! The renamer on small sources: what it renames, what it keeps, and the
//! names it hands out.

use super::*;
use crate::tool::bundle::lex::{lex, Token};

/// The new names in `src`.
fn renamed(src: &str) -> HashMap<String, String> {
    let tokens: Vec<Token> = lex(src)
        .unwrap()
        .into_iter()
        .filter(Token::is_code)
        .collect();
    let texts = tokens.iter().map(|t| t.text(src)).collect();
    let kinds = tokens.iter().map(|t| t.kind).collect();
    renames(&Code::new(texts, kinds)).names
}

fn assert_renamed(src: &str, renamed_names: &[&str], kept: &[&str]) {
    let names = renamed(src);
    for name in renamed_names {
        assert!(names.contains_key(*name), "`{}` kept: {:?}", name, names);
    }
    for name in kept {
        assert!(
            !names.contains_key(*name),
            "`{}` renamed: {:?}",
            name,
            names
        );
    }
}

#[test]
fn declared_names_are_renamed_and_std_names_are_not() {
    let src = "pub mod lines {
        use std::io::{self, Read};
        pub struct Lines<Reader> { reader: Reader, number: usize }
        impl<Reader: Read> Lines<Reader> {
            pub fn next_nonblank(&mut self) -> Option<usize> {
                let counted = self.number + 1;
                self.number = counted;
                let buffer: Vec<u8> = Vec::new();
                Some(buffer.len() + counted)
            }
            pub fn len(&self) -> usize { self.number }
        }
    }
    fn main() { let mut reading = crate::lines::Lines { reader: std::io::stdin(), number: 0 }; reading.next_nonblank(); }";
    assert_renamed(
        src,
        &[
            "lines",
            "Lines",
            "Reader",
            "reader",
            "number",
            "next_nonblank",
            "counted",
            "buffer",
            "reading",
        ],
        &[
            "io", "Read", "Option", "Some", "Vec", "new", "len", "stdin", "usize", "u8", "main",
            "self",
        ],
    );
}

#[test]
fn a_name_std_has_on_a_path_stays_there_and_only_there() {
    let src = "mod error {
        use std::io;
        pub enum Error { Read(io::Error), Parse(usize) }
        impl From<io::Error> for Error { fn from(e: io::Error) -> Error { Error::Read(e) } }
    }
    fn parse(at: usize) -> Result<(), error::Error> { Err(error::Error::Parse(at)) }";
    let tokens: Vec<Token> = lex(src)
        .unwrap()
        .into_iter()
        .filter(Token::is_code)
        .collect();
    let texts: Vec<&str> = tokens.iter().map(|t| t.text(src)).collect();
    let kinds = tokens.iter().map(|t| t.kind).collect();
    let renames = renames(&Code::new(texts.clone(), kinds));
    let shown: Vec<&str> = texts
        .iter()
        .enumerate()
        .map(|(i, t)| renames.of(i, t))
        .collect();
    let joined = shown.join(" ");
    assert!(renames.names.contains_key("Error"), "{}", joined);
    assert_eq!(joined.matches("io :: Error").count(), 3, "{}", joined);
    let new = &renames.names["Error"];
    assert!(
        joined.contains(&format!("pub enum {} {{", new)),
        "{}",
        joined
    );
    assert!(!renames.names.contains_key("from"));
}

#[test]
fn members_of_std_traits_methods_of_std_and_unknown_paths_keep_their_names() {
    let src = "use std::fmt;
    pub struct Count { total: u64 }
    pub struct Words<'a> { rest: &'a [u8] }
    impl fmt::Display for Count { fn fmt(&self, out: &mut fmt::Formatter) -> fmt::Result { write!(out, \"{}\", self.total) } }
    impl<'a> Iterator for Words<'a> { type Item = u8; fn next(&mut self) -> Option<u8> { None } }
    impl Count { fn finish(&self) -> u64 { self.total } fn grand_total(&self) -> u64 { self.finish() } }
    trait Source { const LIMIT: u64; fn limited(&self) -> bool; }
    fn check<S: Source>(s: &S) -> u64 { S::LIMIT }
    fn report(counted: u64) -> String { format!(\"{counted} {width$}\", width = 3) }
    enum Colour { Red = 1, Blue = 2 }
    fn sum<I: Iterator<Item = u8>>(all: I) -> u8 { all.sum() }";
    assert_renamed(
        src,
        &[
            "Count",
            "total",
            "Words",
            "rest",
            "grand_total",
            "Source",
            "check",
            "report",
        ],
        &[
            "fmt",
            "Formatter",
            "Item",
            "next",
            "finish",
            "LIMIT",
            "counted",
            "width",
            "write",
            "format",
        ],
    );
}

#[test]
fn a_trait_of_the_bundle_implemented_for_std_types_keeps_its_methods() {
    let src = "trait Shown { fn shown_as(&self) -> u8; }
        impl Shown for u8 { fn shown_as(&self) -> u8 { *self } }
        struct Mine; impl Mine { fn twice_over(&self) {} }
        fn main() { 1u8.shown_as(); Mine.twice_over(); }";
    assert_renamed(src, &["Shown", "twice_over", "Mine"], &["shown_as"]);
}

#[test]
fn attributes_macros_and_macro_fragments_keep_their_words() {
    let src = "#[derive(Clone, Debug)] struct Point { ty: u8 }
        macro_rules! shout { ($value:expr, $ty:ty) => { println!(\"{}\", $value as $ty) }; }
        #[inline(always)] fn always_here(value: u8) { shout!(value, u8); }";
    assert_renamed(
        src,
        &["Point", "always_here", "value"],
        &[
            "derive", "Clone", "Debug", "inline", "always", "shout", "expr", "ty", "println",
        ],
    );
}

#[test]
fn a_glob_import_of_std_renames_nothing() {
    let src = "use std::cmp::Ordering::*; fn order(left: u8) -> bool { left < 2 }";
    assert!(renamed(src).is_empty());
}

#[test]
fn new_names_keep_the_case_and_are_fresh() {
    let src = "const LIMIT_OF_ALL: u8 = 1; struct LongName; fn long_function(long_argument: u8) -> u8 { long_argument }
        fn a() {} fn b() {} struct A;";
    let names = renamed(src);
    assert_eq!(names["long_argument"], "c", "{:?}", names);
    assert_eq!(names["long_function"], "d", "{:?}", names);
    let upper = &names["LIMIT_OF_ALL"];
    assert!(upper.chars().all(|c| c.is_ascii_uppercase()), "{:?}", names);
    let camel = &names["LongName"];
    assert!(
        camel.starts_with(|c: char| c.is_ascii_uppercase()),
        "{:?}",
        names
    );
    assert_ne!(upper, "A");
    assert_ne!(camel, "A");
    let mut new: Vec<&String> = names.values().collect();
    new.sort();
    new.dedup();
    assert_eq!(new.len(), names.len());
}

#[test]
fn patterns_closures_and_generics_declare_their_names() {
    let src = "enum Shape { Square(u8), Pair { left: u8 } }
        fn area<Measure: Copy>(shape: Shape, scale: Measure) -> u8 {
            let (first, second) = (1, 2);
            let twice = |value: u8| value * 2;
            for (index, entry) in [1u8].iter().enumerate() { let _ = (index, entry); }
            match shape { Shape::Square(side) if side > 0 => twice(side) + first + second, Shape::Pair { left } => left, _ => 0 }
        }";
    assert_renamed(
        src,
        &[
            "Shape", "Square", "Pair", "left", "area", "Measure", "shape", "scale", "first",
            "second", "twice", "value", "index", "entry", "side",
        ],
        &["Copy", "iter", "enumerate"],
    );
}
