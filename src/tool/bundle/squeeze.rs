//! The short form of a bundle: comments dropped, trailing commas before
//! `}` and `]` dropped, and only the whitespace that keeps two tokens
//! apart, lines broken at the first such whitespace past `LINE` bytes.

use super::lex::{is_ident_continue, lex, Kind, Token, LONG_PUNCT};

/// A line is broken at the first space it needs once it is this long.
const LINE: usize = 150;

/// `text` (Rust source) with its comments dropped and its tokens joined
/// by as little whitespace as keeps them the same tokens.
pub(crate) fn squeeze(text: &str) -> Result<String, String> {
    let code: Vec<Token> = lex(text)?.into_iter().filter(Token::is_code).collect();
    let closes = |i: usize| {
        code.get(i)
            .is_some_and(|t| matches!(t.text(text), "}" | "]"))
    };
    let trailing_comma = |i: usize| code[i].text(text) == "," && closes(i + 1);
    let tokens = (0..code.len())
        .filter(|&i| !trailing_comma(i))
        .map(|i| code[i]);
    let mut out = String::with_capacity(text.len() / 2);
    let mut line_start = 0;
    let mut previous: Option<Token> = None;
    for token in tokens {
        if previous.is_some_and(|before| must_part(before, token, text)) {
            if out.len() - line_start >= LINE {
                out.push('\n');
                line_start = out.len();
            } else {
                out.push(' ');
            }
        }
        out.push_str(token.text(text));
        previous = Some(token);
    }
    out.push('\n');
    Ok(out)
}

/// Whether `before` and `after` would lex differently written side by
/// side: two words or numbers, a word before a literal (`r"x"`, `b'x'`,
/// and any prefix Rust 2021 reserves), a literal before a word (a suffix),
/// or two operators that make a longer one or a comment.
fn must_part(before: Token, after: Token, text: &str) -> bool {
    let last = before.text(text).chars().last().unwrap_or(' ');
    let first = after.text(text).chars().next().unwrap_or(' ');
    match (before.kind, after.kind) {
        (Kind::Punct, Kind::Punct) => {
            let pair: String = [last, first].iter().collect();
            matches!(pair.as_str(), "//" | "/*" | "*/")
                || LONG_PUNCT.iter().any(|op| op.contains(&pair))
        }
        (Kind::Literal, _) => is_ident_continue(first),
        (_, Kind::Literal | Kind::Lifetime) => is_ident_continue(last),
        _ => is_ident_continue(last) && (is_ident_continue(first) || first == '#'),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_go_and_tokens_stay_apart_only_where_they_must() {
        let text = "/// Doc.\nfn f<'a>(x: &'a u8) -> u8 { // why\n    let y = 1 as u8; y .. = *x; b\"x\".len() as u8 + 'a' as u8 }\n";
        assert_eq!(
            squeeze(text).unwrap(),
            "fn f<'a>(x:&'a u8)->u8{let y=1 as u8;y.. =*x;b\"x\".len()as u8+'a' as u8}\n"
        );
    }

    #[test]
    fn trailing_commas_go_before_braces_and_brackets_but_not_parentheses() {
        assert_eq!(
            squeeze("S { a: 1, } [1, 2,] (u8,)").unwrap(),
            "S{a:1}[1,2](u8,)\n"
        );
    }

    #[test]
    fn operators_that_would_merge_are_kept_apart() {
        assert_eq!(
            squeeze("a - > b; c / / d; x < - y; p . . q").unwrap(),
            "a- >b;c/ /d;x< -y;p. .q\n"
        );
        assert_eq!(
            squeeze("Vec<Vec<u8>> = &&x").unwrap(),
            "Vec<Vec<u8>> =&&x\n"
        );
    }
}
