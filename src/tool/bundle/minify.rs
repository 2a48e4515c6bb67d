//! The judge form's text: the readable form's tokens without comments and
//! doc attributes (and, when shrunk, what `strip.rs` leaves out), joined by a space only where two tokens written together
//! would lex as something else, and wrapped at token boundaries so that
//! the file stays viewable: at a space already written where one comes
//! late enough in the line, so that wrapping costs nothing. A literal is always copied byte for byte. When
//! shrunk, the nested modules become one (`flat/`) and identifiers may get
//! short names (`rename/`), and the most written `Result<T, E>` types
//! aliases (`alias.rs`).

use super::alias::alias_results;
use super::emit::Span;
use super::flat::{flatten, Flat};
use super::lex::{is_ident_continue, lex, Kind, Token};
use super::rename::{renames, Code, Renames};
use super::strip::strip;
use std::collections::{HashMap, HashSet};

/// Lines are wrapped before the token that would take them past this.
pub const WIDTH: usize = 150;

/// `src` minified; it lexes to the same code tokens, doc attributes aside
/// and, with `shrink`, stripped, flattened and with identifiers shortened.
pub fn minify(src: &str, shrink: bool) -> Result<String, String> {
    Ok(sized(src, shrink, &[])?.0)
}

/// `src` minified, and how many of its bytes come from each of `spans`
/// (of `src`; a byte of spans one in another counts for the inner one).
pub fn sized(src: &str, shrink: bool, spans: &[Span]) -> Result<(String, Vec<usize>), String> {
    let mut owner = vec![usize::MAX; src.len()];
    let mut by_length: Vec<usize> = (0..spans.len()).collect();
    by_length.sort_by_key(|&k| std::cmp::Reverse(spans[k].end - spans[k].start));
    for k in by_length {
        owner[spans[k].start..spans[k].end].fill(k);
    }
    let mut sizes = vec![0; spans.len()];
    let tokens: Vec<Token> = lex(src)?.into_iter().filter(Token::is_code).collect();
    let tokens = strip(src, &tokens, shrink);
    // A bundle that cannot be flat stays nested.
    let flat = match shrink {
        true => flatten(src, &tokens).ok().map(alias_results),
        false => None,
    };
    let flat = flat.unwrap_or_else(|| {
        (tokens.iter().enumerate())
            .map(|(i, t)| Flat {
                text: t.text(src).to_string(),
                kind: t.kind,
                from: i,
            })
            .collect()
    });
    let texts: Vec<&str> = flat.iter().map(|t| t.text.as_str()).collect();
    let kinds: Vec<Kind> = flat.iter().map(|t| t.kind).collect();
    let renamed = match shrink {
        true => renames(&Code::new(texts.clone(), kinds.clone())),
        false => Renames {
            names: HashMap::new(),
            kept_at: HashSet::new(),
        },
    };
    let shown = |i: usize| match kinds[i] {
        Kind::Ident => renamed.of(i, texts[i]),
        _ => texts[i],
    };
    let mut out = String::with_capacity(src.len() / 2);
    let mut line = 0;
    // The last space written between two tokens of the line, if any.
    let mut last_space: Option<usize> = None;
    for i in 0..texts.len() {
        let text = shown(i);
        let before = out.len();
        if i > 0 {
            let space = needs_space(shown(i - 1), kinds[i - 1], text, kinds[i]);
            let fits = |line: usize| line + usize::from(space) + text.len() <= WIDTH;
            // A line breaks at its last space when that leaves it at least
            // half full: the newline then costs no byte.
            let late = last_space.filter(|&at| out.len() - at <= WIDTH / 2);
            if let (false, Some(at)) = (fits(line), late) {
                out.replace_range(at..=at, "\n");
                line = out.len() - at - 1;
                last_space = None;
            }
            if !fits(line) {
                out.push('\n');
                line = 0;
                last_space = None;
            } else if space {
                last_space = Some(out.len());
                out.push(' ');
                line += 1;
            }
        }
        out.push_str(text);
        line = match text.rfind('\n') {
            Some(n) => {
                last_space = None;
                text.len() - n - 1
            }
            None => line + text.len(),
        };
        let start = tokens[flat[i].from].start;
        if let Some(&k) = owner.get(start).filter(|&&k| k != usize::MAX) {
            sizes[k] += out.len() - before;
        }
    }
    out.push('\n');
    Ok((out, sizes))
}

/// Whether `a` and `b` (of kinds `ak` and `bk`) need a space between them.
fn needs_space(a: &str, ak: Kind, b: &str, bk: Kind) -> bool {
    // A name, lifetime or literal runs into a name, number or literal
    // after it (`b'a'as`, `'a x`); and edition 2021 reserves a name right
    // before `"`, `'` or `#` as a literal prefix (`match"x"`).
    let wordy = matches!(ak, Kind::Ident | Kind::Lifetime | Kind::Literal);
    if wordy && b.starts_with(|c: char| is_ident_continue(c) || matches!(c, '"' | '\'' | '#')) {
        return true;
    }
    // `--x` lexes as `- -x`, but newer compilers warn about it.
    if a == "-" && b.starts_with('-') {
        return true;
    }
    // Delimiters, commas and semicolons never join a neighbour.
    let apart = |c: char| matches!(c, '(' | ')' | '[' | ']' | '{' | '}' | ',' | ';');
    if a.ends_with(apart) || b.starts_with(apart) {
        return false;
    }
    // Otherwise only where the two would lex as something else together:
    // `- >`, `< <=`, `1 .`, `/ /`.
    let joined = format!("{}{}", a, b);
    match lex(&joined) {
        Ok(tokens) => {
            !(tokens.len() == 2
                && tokens[0].end == a.len()
                && tokens[0].kind == ak
                && tokens[1].kind == bk)
        }
        Err(_) => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(src: &str) -> Vec<(Kind, String)> {
        lex(src)
            .unwrap()
            .into_iter()
            .filter(Token::is_code)
            .map(|t| (t.kind, t.text(src).to_string()))
            .collect()
    }

    #[test]
    fn spaces_stay_only_where_tokens_would_merge() {
        let src = "fn f<'a>(x: &'a [u8]) -> u8 { let y = - -1; a < <b>::c; 1 .max(2); x.0 .1; b'a' as u8 }";
        assert_eq!(
            minify(src, false).unwrap(),
            "fn f<'a>(x:&'a[u8])->u8{let y=- -1;a< <b>::c;1 .max(2);x.0 .1;b'a' as u8}\n"
        );
        assert_eq!(
            minify("a / /* c */ / b; x: :: y", false).unwrap(),
            "a/ /b;x: ::y\n"
        );
        assert_eq!(
            minify("match \"x\" { r#\"y\"# => 'q', _ => '\\'' }", false).unwrap(),
            "match \"x\"{r#\"y\"#=>'q',_=>'\\''}\n"
        );
        assert_eq!(
            minify("'l: loop { break 'l; } a & &b; c | |d| d; e< -1", false).unwrap(),
            "'l:loop{break 'l;}a& &b;c| |d|d;e< -1\n"
        );
    }

    #[test]
    fn comments_and_doc_attributes_go_and_literals_stay() {
        let src = "//! Docs.\n#![doc = \"x\"]\n/// Item.\n#[doc(hidden)]\n#[derive(Debug)]\nstruct A; // why\nconst S: &str = \"a  // b\n  c\";\n";
        assert_eq!(
            minify(src, false).unwrap(),
            "#[derive(Debug)]struct A;const S:&str=\"a  // b\n  c\";\n"
        );
    }

    #[test]
    fn long_code_is_wrapped_at_token_boundaries() {
        let src = (0..100)
            .map(|i| format!("let v{} = {};", i, i))
            .collect::<String>();
        let out = minify(&src, false).unwrap();
        assert!(out.lines().count() > 5);
        assert!(out.lines().all(|l| l.len() <= WIDTH), "{}", out);
        assert_eq!(code(&out), code(&src));
        // Each line breaks where `let` needed its space anyway.
        let one_line: String = (0..100).map(|i| format!("let v{}={};", i, i)).collect();
        assert_eq!(out.replace('\n', " "), one_line + " ");
    }

    #[test]
    fn random_token_soup_lexes_the_same_minified() {
        let pool = [
            "a",
            "r#b",
            "as",
            "e5",
            "_",
            "'a",
            "'x'",
            "b'\\''",
            "'\\u{41}'",
            "1",
            "1.0",
            "0x1fu8",
            "2.",
            "\"s\"",
            "r#\"q\"#",
            "b\"x\"",
            ".",
            "..",
            "...",
            "..=",
            "::",
            ":",
            "-",
            "->",
            "<",
            "<<",
            "<=",
            "<<=",
            "<-",
            ">",
            ">>",
            ">=",
            "=",
            "==",
            "=>",
            "!",
            "!=",
            "&",
            "&&",
            "&=",
            "|",
            "||",
            "/",
            "*",
            "#",
            "(",
            ")",
            "{",
            "}",
            "+=",
            "%",
            "^",
            "?",
            "$",
            "@",
            ",",
            ";",
        ];
        let gaps = ["", "", " ", "\n", "/* c */", "// c\n"];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut checked = 0;
        for _ in 0..4000 {
            let len = 2 + next(12);
            let src: String = (0..len)
                .map(|_| format!("{}{}", pool[next(pool.len())], gaps[next(gaps.len())]))
                .collect();
            if lex(&src).is_err() {
                continue;
            }
            let out = minify(&src, false).unwrap();
            assert_eq!(code(&out), code(&src), "{:?} became {:?}", src, out);
            checked += 1;
        }
        assert!(checked > 1000, "{}", checked);
    }

    #[test]
    fn minified_code_lexes_as_the_original_does() {
        // The core, and the bundler's own sources for the tricky literals.
        let own = [
            ("lex.rs", include_str!("lex.rs")),
            ("items.rs", include_str!("items.rs")),
            ("uses.rs", include_str!("uses.rs")),
            ("minify.rs", include_str!("minify.rs")),
        ];
        for (name, text) in crate::tool::bundle::CORE.iter().chain(&own) {
            // Neither has doc attributes, which are all that may go.
            assert_eq!(code(&minify(text, false).unwrap()), code(text), "{}", name);
        }
    }
}
