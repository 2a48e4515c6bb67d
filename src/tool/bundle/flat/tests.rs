//! The flattening on small sources, and on the core's bundles.

use super::*;

/// The code tokens of `src`, joined by spaces.
fn spaced(src: &str) -> String {
    let tokens = lex(src).unwrap().into_iter().filter(Token::is_code);
    tokens.map(|t| t.text(src)).collect::<Vec<_>>().join(" ")
}

/// `src` flat, its tokens joined by spaces, or why not.
fn flat(src: &str) -> Result<String, String> {
    let tokens: Vec<Token> = lex(src)
        .unwrap()
        .into_iter()
        .filter(Token::is_code)
        .collect();
    let flat = flatten(src, &tokens)?;
    Ok(flat
        .iter()
        .map(|t| t.text.as_str())
        .collect::<Vec<_>>()
        .join(" "))
}

fn assert_flat(src: &str, expected: &str) {
    assert_eq!(flat(src).unwrap(), spaced(expected));
}

fn assert_nested(src: &str, why: &str) {
    let error = flat(src).unwrap_err();
    assert!(error.contains(why), "{}", error);
}

#[test]
fn modules_imports_of_the_bundle_and_pub_go_and_paths_become_names() {
    let src = "pub mod io {
            use std::io::{self, Read};
            pub mod lines {
                use std::io::Read;
                pub struct Lines(pub u8);
                impl Lines {
                    pub fn fresh() -> Lines { Lines(0) }
                    pub(crate) fn at(&self) -> u8 { self.0 }
                }
            }
            pub use self::lines::Lines;
            pub fn report<R: Read>(_: R, e: io::Error) -> u8 { 0 }
        }
        pub mod solve {
            use crate::io::{self, Lines};
            use super::io::report;
            pub(crate) fn run() -> u8 {
                Lines::fresh().at() + io::report(std::io::empty(), e()) + crate::io::lines::Lines::fresh().0
            }
        }
        fn main() { crate::solve::run(); }";
    assert_flat(
        src,
        "use std::io::{self, Read};
        struct Lines(u8);
        impl Lines { fn fresh() -> Lines { Lines(0) } fn at(&self) -> u8 { self.0 } }
        fn report<R: Read>(_: R, e: io::Error) -> u8 { 0 }
        fn run() -> u8 { Lines::fresh().at() + report(std::io::empty(), e()) + Lines::fresh().0 }
        fn main() { run(); }",
    );
}

#[test]
fn items_of_one_name_in_two_modules_get_names_of_their_own() {
    // Constants in patterns, `static`, a type with associated items.
    let src = "mod a {
            const FIRST: usize = 1;
            pub struct Size;
            impl Size { pub const MAX: usize = 3; }
            pub fn f(x: usize) -> usize { match x { FIRST => Size::MAX, _ => FIRST } }
        }
        mod b {
            const FIRST: usize = 2;
            static Size: usize = 4;
            pub fn g() -> usize { FIRST + crate::a::Size::MAX + Size }
        }
        fn main() { a::f(b::g()); }";
    assert_flat(
        src,
        "const FIRST: usize = 1;
        struct Size;
        impl Size { const MAX: usize = 3; }
        fn f(x: usize) -> usize { match x { FIRST => Size::MAX, _ => FIRST } }
        const FIRST2: usize = 2;
        static Size2: usize = 4;
        fn g() -> usize { FIRST2 + Size::MAX + Size2 }
        fn main() { f(g()); }",
    );
}

#[test]
fn aliases_and_glob_imports_are_followed() {
    // `Box` is the prelude's outside `run`, and an alias of `Square` in it.
    let src = "mod shapes {
            pub struct Square(pub u8);
            impl Square { pub const SIDES: u8 = 4; }
            pub fn area() -> u8 { 1 }
            pub mod more { pub fn twice() -> u8 { 2 } }
        }
        mod run {
            use crate::shapes::Square as Box;
            use crate::shapes::*;
            use self::super::shapes::more as extra;
            pub fn go() -> u8 { Box::SIDES + area() + Box(1).0 + extra::twice() + more::twice() }
        }
        fn main() { let _: Box<u8> = Box::new(run::go()); }";
    assert_flat(
        src,
        "struct Square(u8);
        impl Square { const SIDES: u8 = 4; }
        fn area() -> u8 { 1 }
        fn twice() -> u8 { 2 }
        fn go() -> u8 { Square::SIDES + area() + Square(1).0 + twice() + twice() }
        fn main() { let _: Box<u8> = Box::new(go()); }",
    );
}

#[test]
fn enum_variants_imported_stay_imported_under_the_enums_name() {
    // `Red` is also a struct of another module, which yields its name.
    let src = "mod kinds {
            pub enum Kind { Red, Blue }
            impl Kind {
                pub fn flip(self) -> Self { match self { Self::Red => Self::Blue, Kind::Blue => Kind::Red } }
            }
        }
        mod paint {
            use crate::kinds::Kind::{self, *};
            pub fn red() -> Kind { Red }
        }
        mod other { pub struct Red; pub fn red() -> Red { Red } }
        fn main() { paint::red().flip(); other::red(); crate::kinds::Kind::Blue; }";
    assert_flat(
        src,
        "enum Kind { Red, Blue }
        impl Kind { fn flip(self) -> Self { match self { Self::Red => Self::Blue, Kind::Blue => Kind::Red } } }
        use self::Kind::*;
        fn red() -> Kind { Red }
        struct Red2; fn red2() -> Red2 { Red2 }
        fn main() { red().flip(); red2(); Kind::Blue; }",
    );
}

#[test]
fn an_item_with_a_prelude_name_is_renamed() {
    let src = "mod mine { pub struct Option(pub u8); pub fn wrap() -> Option { Option(1) } }
        fn main() { let _: Option<u8> = None; mine::wrap(); }";
    assert_flat(
        src,
        "struct Option2(u8); fn wrap() -> Option2 { Option2(1) }
        fn main() { let _: Option<u8> = None; wrap(); }",
    );
}

#[test]
fn std_imports_become_one_and_stay_apart_from_the_bundles_names() {
    let src = "mod a { use std::io::Write; use std::fmt; pub struct Error; pub fn f() {} }
        mod b { use std::io::{self, Write}; use std::io::Error; pub fn g(_: Error) {} }
        fn main() { a::f(); b::g(a::Error); }";
    assert_flat(
        src,
        "use std::{fmt, io::{self, Error, Write}};
        struct Error2; fn f() {} fn g(_: Error) {}
        fn main() { f(); g(Error2); }",
    );
    let clash = "mod a { use std::io::Error; } mod b { use std::fmt::Error; } fn main() {}";
    assert_nested(clash, "two imports named `Error`");
    assert_nested("mod a { use std::io::*; } fn main() {}", "a glob import");
}

#[test]
fn trait_impls_and_methods_of_traits_in_scope() {
    let src = "mod shape {
            pub trait Area { fn area(&self) -> u8; }
            pub struct Square;
            impl Area for Square { fn area(&self) -> u8 { 1 } }
            impl crate::shape::Area for u8 { fn area(&self) -> u8 { *self } }
        }
        mod user { use crate::shape::{Area, Square}; pub fn f() -> u8 { Square.area() + 2u8.area() } }
        fn main() { user::f(); }";
    assert_flat(
        src,
        "trait Area { fn area(&self) -> u8; }
        struct Square;
        impl Area for Square { fn area(&self) -> u8 { 1 } }
        impl Area for u8 { fn area(&self) -> u8 { *self } }
        fn f() -> u8 { Square.area() + 2u8.area() }
        fn main() { f(); }",
    );
    // In one module, `Area` would be in scope for the `u8` of `main` too.
    let hidden = src.replace(
        "fn main() { user::f(); }",
        "fn main() { user::f(); 1u8.area(); }",
    );
    assert_nested(&hidden, "`.area(` where the trait `Area` is not in scope");
    // Unless only the bundle's types implement it, with no other `area`.
    let closed = hidden.replace(
        "impl crate::shape::Area for u8 { fn area(&self) -> u8 { *self } }",
        "",
    );
    assert!(flat(&closed).is_ok());
}

#[test]
fn a_method_perhaps_kept_for_a_call_of_std_stays_public_with_its_type() {
    let src = "mod a {
            pub struct Count(u8);
            pub struct Bag { pub count: Count }
            impl Bag { pub fn len(&self) -> &Count { &self.count } pub fn make() -> Bag { Bag { count: Count(0) } } }
        }
        fn main() { crate::a::Bag::make(); }";
    assert_flat(
        src,
        "pub struct Count(u8);
        pub struct Bag { count: Count }
        impl Bag { pub fn len(&self) -> &Count { &self.count } fn make() -> Bag { Bag { count: Count(0) } } }
        fn main() { Bag::make(); }",
    );
}

#[test]
fn macros_keep_their_text_and_absolute_paths_become_names() {
    let src = "mod out {
            pub fn error(_: u8) {}
            macro_rules! fail { ($code:expr) => { $crate::out::error($code) }; }
            pub fn f() { fail!(1) }
        }
        fn main() { out::f(); }";
    assert_flat(
        src,
        "fn error(_: u8) {}
        macro_rules! fail { ($code:expr) => { error($code) }; }
        fn f() { fail!(1) }
        fn main() { f(); }",
    );
    let relative = src.replace("$crate::out::error", "self::error");
    assert_nested(&relative, "`self::` in a macro");
    let twice =
        "mod a { macro_rules! m { () => {} } } mod b { macro_rules! m { () => {} } } fn main() {}";
    assert_nested(twice, "two macros named `m`");
}

#[test]
fn a_renamed_name_that_may_be_something_else_keeps_the_bundle_nested() {
    let twice = |extra: &str| {
        format!(
            "mod a {{ pub fn value() -> u8 {{ 1 }} }} mod b {{ pub fn value() -> u8 {{ 2 }} {} }} fn main() {{}}",
            extra
        )
    };
    assert!(flat(&twice("")).is_ok());
    for (extra, why) in [
        ("fn f() -> u8 { let value = 3; value }", "also a local name"),
        ("fn f<value>() {}", "also a local name"),
        ("fn f() { fn value() {} }", "declared inside a body"),
        (
            "fn f() -> String { format!(\"{value}\") }",
            "a format argument",
        ),
        (
            "struct S { value: u8 } fn f() -> S { S { value: 1 } }",
            "may be a field",
        ),
        (
            "fn f() { use std::mem::drop as value; }",
            "a `use` of std's",
        ),
    ] {
        assert_nested(&twice(extra), why);
    }
    assert_nested(
        "mod a { #[cfg(test)] mod b {} } fn main() {}",
        "an attribute on a module",
    );
    assert_nested(
        "mod a { thread_local!(); } fn main() {}",
        "`thread_local` at module level",
    );
}

/// The core's bundles flatten.
#[test]
fn the_cores_bundles_are_flat() {
    use crate::tool::bundle::{emit, entries, reach, tree, CORE};
    use crate::tool::problem::Problem;
    for problem in Problem::ALL {
        let (judge, validator) = entries(problem);
        for call in [judge, validator] {
            let main = format!(
                "fn main() {{ let stdin = std::io::stdin(); let stdout = std::io::stdout(); {}; }}",
                call
            );
            let tree = tree::Tree::build(CORE, "core", &main).unwrap();
            let text = emit::readable(&tree, &reach::Reach::of(&tree));
            let tokens: Vec<Token> = lex(&text)
                .unwrap()
                .into_iter()
                .filter(Token::is_code)
                .collect();
            let result = flatten(&text, &tokens);
            assert!(result.is_ok(), "{}: {:?}", problem.name(), result.err());
        }
    }
}
