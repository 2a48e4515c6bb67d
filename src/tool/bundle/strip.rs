//! What the minified forms leave out of the readable form's code tokens:
//! doc attributes always; when shrunk, also what changes nothing that a
//! judge sees: the attributes that only steer the optimizer (`#[inline]`,
//! `#[inline(always)]`, `#[inline(never)]`, `#[cold]`), `debug_assert!`
//! statements (which a release build leaves out too, and which can only
//! panic), and `Debug` in derives where nothing could use it (no `{:?}`,
//! no `unwrap`, `expect` or `assert_eq!`, no `Debug` named elsewhere, no
//! impl of std's `Error` trait). A function's parameter named `_name`
//! that nothing else in the function names becomes `_` when shrunk (the
//! renamer keeps such names whole, and `_` binds nothing).

use super::lex::{Kind, Token};

/// Attributes whose word is one of these go when shrunk.
const OPTIMIZER_HINTS: [&str; 2] = ["inline", "cold"];

/// Statements of these macros go when shrunk.
const DEBUG_ASSERTIONS: [&str; 3] = ["debug_assert", "debug_assert_eq", "debug_assert_ne"];

/// Names whose use may need a `Debug` impl of the bundle's types.
const DEBUG_USERS: [&str; 9] = [
    "unwrap",
    "expect",
    "unwrap_err",
    "expect_err",
    "assert_eq",
    "assert_ne",
    "debug_assert_eq",
    "debug_assert_ne",
    "dbg",
];

/// The code tokens `tokens` of `src` without what the form leaves out.
pub fn strip(src: &str, tokens: &[Token], shrink: bool) -> Vec<Token> {
    let t = |i: usize| tokens.get(i).map_or("", |t| t.text(src));
    let past = |open: usize| {
        let mut depth = 0usize;
        for (j, token) in tokens.iter().enumerate().skip(open) {
            match token.text(src) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return j + 1;
                    }
                }
                _ => {}
            }
        }
        tokens.len()
    };
    let debug_unused = shrink && !uses_debug(src, tokens);
    let mut dropped = vec![false; tokens.len()];
    let mut i = 0;
    while i < tokens.len() {
        let inner = t(i + 1) == "!";
        let open = if inner { i + 2 } else { i + 1 };
        if t(i) == "#" && t(open) == "[" {
            let end = past(open);
            let word = t(open + 1);
            let hint = shrink && !inner && OPTIMIZER_HINTS.contains(&word);
            if word == "doc" || hint {
                dropped[i..end].fill(true);
            } else if word == "derive" && debug_unused {
                drop_debug(src, &tokens[open + 2..end], &mut dropped[open + 2..end]);
                if (open + 3..end - 2).all(|j| dropped[j]) {
                    dropped[i..end].fill(true);
                }
            }
            i = end;
            continue;
        }
        let statement = matches!(i.checked_sub(1).map_or("{", t), ";" | "{" | "}");
        if shrink && statement && DEBUG_ASSERTIONS.contains(&t(i)) && t(i + 1) == "!" {
            let end = past(i + 2);
            if t(end) == ";" {
                dropped[i..=end].fill(true);
                i = end + 1;
                continue;
            }
        }
        i += 1;
    }
    let kept: Vec<Token> = (tokens.iter().zip(dropped))
        .filter(|(_, dropped)| !dropped)
        .map(|(token, _)| *token)
        .collect();
    match shrink {
        true => unnamed_unused_parameters(src, without_trailing_commas(src, kept)),
        false => kept,
    }
}

/// `tokens` with each function parameter `_name: T` that the function
/// names nowhere else cut to `_: T` (its first character).
fn unnamed_unused_parameters(src: &str, mut tokens: Vec<Token>) -> Vec<Token> {
    let t = |tokens: &[Token], i: usize| tokens.get(i).map_or("", |t| t.text(src));
    let past = |tokens: &[Token], open: usize, until: &str| {
        let mut depth = 0usize;
        for (j, token) in tokens.iter().enumerate().skip(open) {
            match token.text(src) {
                text if depth == 0 && until.split(' ').any(|u| u == text) => return j,
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        tokens.len()
    };
    for i in 0..tokens.len() {
        if t(&tokens, i) != "fn" || tokens.get(i + 1).map(|t| t.kind) != Some(Kind::Ident) {
            continue;
        }
        // The parameters are the first `(` group past the generics; the
        // function ends with its body or, bodiless, with `;`.
        let mut open = i + 2;
        let mut angles = 0;
        while t(&tokens, open) != "(" || angles > 0 {
            match t(&tokens, open) {
                "<" => angles += 1,
                ">" => angles -= 1,
                ">>" => angles -= 2,
                "" => break,
                _ => {}
            }
            open += 1;
        }
        let close = past(&tokens, open + 1, ")");
        let body = past(&tokens, close, "{ ;");
        let end = match t(&tokens, body) {
            "{" => past(&tokens, body + 1, "}"),
            _ => body,
        };
        for k in open + 1..close {
            let name = t(&tokens, k);
            let unnamed = name.len() > 1
                && name.starts_with('_')
                && tokens[k].kind == Kind::Ident
                && matches!(t(&tokens, k - 1), "(" | ",")
                && t(&tokens, k + 1) == ":"
                && (i..=end.min(tokens.len() - 1)).all(|j| j == k || t(&tokens, j) != name);
            if unnamed {
                tokens[k].end = tokens[k].start + 1;
            }
        }
    }
    tokens
}

/// `tokens` without the commas that end a list: before `}` and `]`, and
/// before `)` where the list has another comma (`(x,)` is a tuple, `(x)`
/// is not). Macros are left alone, since a rule may match a comma.
fn without_trailing_commas(src: &str, tokens: Vec<Token>) -> Vec<Token> {
    let t = |i: usize| tokens.get(i).map_or("", |t| t.text(src));
    let mut dropped = vec![false; tokens.len()];
    // Each open group: whether it is a macro's, and its commas so far.
    let mut open: Vec<(bool, usize)> = Vec::new();
    let mut in_macro = 0;
    for i in 0..tokens.len() {
        match t(i) {
            "(" | "[" | "{" => {
                let macro_group = in_macro > 0
                    || i.checked_sub(1).is_some_and(|j| t(j) == "!")
                    || (i >= 3 && t(i - 2) == "!" && t(i - 3) == "macro_rules");
                in_macro += usize::from(macro_group);
                open.push((macro_group, 0));
            }
            close @ (")" | "]" | "}") => {
                let (macro_group, commas) = open.pop().unwrap_or((true, 0));
                in_macro -= usize::from(macro_group);
                let trailing = i > 0 && t(i - 1) == ",";
                if trailing && !macro_group && (close != ")" || commas > 1) {
                    dropped[i - 1] = true;
                }
            }
            "," => {
                if let Some(group) = open.last_mut() {
                    group.1 += 1;
                }
            }
            _ => {}
        }
    }
    (tokens.into_iter().zip(dropped))
        .filter(|(_, dropped)| !dropped)
        .map(|(token, _)| token)
        .collect()
}

/// Marks `Debug` and a comma beside it in the derive list `list`
/// (`(Clone, Debug)`, brackets included).
fn drop_debug(src: &str, list: &[Token], dropped: &mut [bool]) {
    let t = |i: usize| list.get(i).map_or("", |t| t.text(src));
    for i in 1..list.len().saturating_sub(1) {
        if t(i) != "Debug" || matches!(t(i - 1), "::") {
            continue;
        }
        dropped[i] = true;
        if t(i + 1) == "," {
            dropped[i + 1] = true;
        } else if t(i - 1) == "," {
            dropped[i - 1] = true;
        }
    }
}

/// Whether something in `tokens` may need a `Debug` impl: `Debug` named
/// outside a derive, a `?` format spec, a name of `DEBUG_USERS`, an impl
/// or trait object of a trait named `Error` (std's needs `Debug`), or a
/// `main` that returns something.
fn uses_debug(src: &str, tokens: &[Token]) -> bool {
    let t = |i: usize| tokens.get(i).map_or("", |t| t.text(src));
    // Where the derive list being read ends.
    let mut derive_end = 0;
    for (i, token) in tokens.iter().enumerate() {
        let text = token.text(src);
        if text == "derive" && t(i + 1) == "(" {
            derive_end = (i..tokens.len()).find(|&j| t(j) == ")").unwrap_or(i);
        }
        let needs = match token.kind {
            Kind::Literal => text.starts_with(['"', 'r']) && text.contains("?}"),
            Kind::Ident => {
                (text == "Debug" && i > derive_end)
                    || DEBUG_USERS.contains(&text)
                    || (text == "Error" && t(i + 1) == "for")
                    || (text == "dyn" && (i + 1..i + 8).any(|j| t(j) == "Error"))
                    || (text == "main" && t(i + 3) == "->")
            }
            _ => false,
        };
        if needs {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::bundle::lex::lex;

    /// `src` stripped, its tokens joined by spaces.
    fn stripped(src: &str, shrink: bool) -> String {
        let tokens: Vec<Token> = lex(src)
            .unwrap()
            .into_iter()
            .filter(Token::is_code)
            .collect();
        let kept = strip(src, &tokens, shrink);
        kept.iter()
            .map(|t| t.text(src))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn doc_attributes_always_go_and_optimizer_hints_when_shrunk() {
        let src = "#![doc = \"x\"] #[doc(hidden)] #[inline] fn a() {} #[inline(always)] #[allow(unused)] fn b() {}
            #[cold] #[inline(never)] #[must_use] fn c() -> u8 { 1 }";
        assert_eq!(
            stripped(src, false),
            "# [ inline ] fn a ( ) { } # [ inline ( always ) ] # [ allow ( unused ) ] fn b ( ) { } \
             # [ cold ] # [ inline ( never ) ] # [ must_use ] fn c ( ) -> u8 { 1 }"
        );
        assert_eq!(
            stripped(src, true),
            "fn a ( ) { } # [ allow ( unused ) ] fn b ( ) { } # [ must_use ] fn c ( ) -> u8 { 1 }"
        );
    }

    #[test]
    fn debug_assertions_go_as_statements_only() {
        let src = "fn f(x: u8) -> u8 { debug_assert!(x < 3); debug_assert_eq!(x, x, \"{}\", x); let y = x; y }";
        assert_eq!(
            stripped(src, true),
            "fn f ( x : u8 ) -> u8 { let y = x ; y }"
        );
    }

    #[test]
    fn unused_parameters_lose_their_names_when_shrunk() {
        let src = "trait T { fn f(&self, _a: u8, _b: &[u8]) -> u8; fn g(&self, _c: u8) {} }
            fn h<X: Fn(u8)>(_x: X, (_y, z): (u8, u8), _w: u8, mut _v: u8) -> u8 { _w + z }
            fn k(_x: u8, _w: u8) {}";
        assert_eq!(
            stripped(src, true),
            "trait T { fn f ( & self , _ : u8 , _ : & [ u8 ] ) -> u8 ; fn g ( & self , _ : u8 ) { } } \
             fn h < X : Fn ( u8 ) > ( _ : X , ( _y , z ) : ( u8 , u8 ) , _w : u8 , mut _v : u8 ) -> u8 { _w + z } \
             fn k ( _ : u8 , _ : u8 ) { }"
        );
        assert!(stripped(src, false).contains("_a : u8"));
    }

    #[test]
    fn debug_goes_from_derives_unless_something_may_use_it() {
        let src = "#[derive(Debug)] enum E { A } #[derive(Clone, Debug, PartialEq)] struct S;
            #[derive(Debug, Copy)] struct T; #[derive(Clone, Debug)] struct U;";
        assert_eq!(
            stripped(src, true),
            "enum E { A } # [ derive ( Clone , PartialEq ) ] struct S ; \
             # [ derive ( Copy ) ] struct T ; # [ derive ( Clone ) ] struct U ;"
        );
        for user in [
            "fn f(s: S) { println!(\"{:?}\", s); }",
            "fn f(s: S) { println!(\"{s:#?}\"); }",
            "fn f(r: Result<u8, E>) -> u8 { r.unwrap() }",
            "fn f(r: Result<u8, E>) -> u8 { r.expect(\"why\") }",
            "fn f(s: S) { assert_eq!(s, S); }",
            "impl std::fmt::Debug for T {}",
            "impl std::error::Error for E {}",
            "fn f() -> Box<dyn std::error::Error> { todo!() }",
            "fn main() -> Result<(), E> { Ok(()) }",
        ] {
            let kept = stripped(&format!("{} {}", src, user), true);
            assert_eq!(
                kept.matches("Debug").count(),
                4 + user.matches("Debug").count(),
                "{}",
                user
            );
        }
        assert!(stripped(src, false).contains("Debug"));
    }
}
