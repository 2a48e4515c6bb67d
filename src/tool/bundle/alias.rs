//! One alias for the flat bundle's most written type: the result of a
//! step that gives nothing back, `Result<(), E>`, is spelled in nearly
//! every signature of a judge path. When one error type `E` is written
//! so often that an alias costs less than the spellings, `type N =
//! Result<(), E>;` is declared once and each spelling becomes `N` (which
//! the renamer then shortens). `E` must name the same type everywhere:
//! a type that some generic parameter list also binds is left alone.

use super::flat::Flat;
use super::lex::Kind;
use std::collections::{HashMap, HashSet};

/// The tokens of `Result<(), E>` after `Result`, `E` at `ERROR_AT`.
const SPELLING: [&str; 6] = ["<", "(", ")", ",", "", ">"];
const ERROR_AT: usize = 4;

/// Spellings below this count stay: an alias and its name cost more.
const WORTH_IT: usize = 3;

/// `flat` with the most spelled `Result<(), E>` written through an alias.
pub fn alias_unit_results(flat: Vec<Flat>) -> Vec<Flat> {
    let t = |i: usize| flat.get(i).map_or("", |f| f.text.as_str());
    let spelled_at = |i: usize| {
        let error = t(i + 1 + ERROR_AT);
        let spelled = t(i) == "Result"
            && t(i.wrapping_sub(1)) != "::"
            && (SPELLING.iter().enumerate()).all(|(k, &s)| k == ERROR_AT || t(i + 1 + k) == s)
            && flat.get(i + 1 + ERROR_AT).map(|f| f.kind) == Some(Kind::Ident);
        Some(error).filter(|_| spelled)
    };
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for i in 0..flat.len() {
        if let Some(error) = spelled_at(i) {
            *counts.entry(error).or_default() += 1;
        }
    }
    let generic = generic_parameters(&flat);
    let best = (counts.iter())
        .filter(|(error, &count)| count >= WORTH_IT && !generic.contains(**error))
        .max_by_key(|(error, &count)| (count, std::cmp::Reverse(**error)));
    let error = match best {
        Some((error, _)) => error.to_string(),
        None => return flat,
    };
    let taken: HashSet<&str> = flat.iter().map(|f| f.text.as_str()).collect();
    let name = (0..)
        .map(|n| format!("UnitResult{}", n))
        .find(|name| !taken.contains(name.as_str()))
        .unwrap_or_default();
    let first = (0..flat.len())
        .find(|&i| spelled_at(i) == Some(&error))
        .map_or(0, |i| flat[i].from);
    let token = |text: &str, kind: Kind| Flat {
        text: text.to_string(),
        kind,
        from: first,
    };
    let mut out = vec![
        token("type", Kind::Ident),
        token(&name, Kind::Ident),
        token("=", Kind::Punct),
        token("Result", Kind::Ident),
    ];
    for (k, s) in SPELLING.iter().enumerate() {
        out.push(match k {
            ERROR_AT => token(&error, Kind::Ident),
            _ => token(s, Kind::Punct),
        });
    }
    out.push(token(";", Kind::Punct));
    let mut i = 0;
    while i < flat.len() {
        if spelled_at(i) == Some(&error) {
            out.push(Flat {
                text: name.clone(),
                kind: Kind::Ident,
                from: flat[i].from,
            });
            i += 2 + SPELLING.len() - 1;
            continue;
        }
        out.push(flat[i].clone());
        i += 1;
    }
    out
}

/// The names that a generic parameter list of `flat` binds (`T` and `'a`
/// of `impl<'a, T: X>`, `fn f<T>`, `struct S<T = u8>`).
fn generic_parameters(flat: &[Flat]) -> HashSet<&str> {
    let t = |i: usize| flat.get(i).map_or("", |f| f.text.as_str());
    let mut bound = HashSet::new();
    for i in 0..flat.len() {
        let named = matches!(t(i), "fn" | "struct" | "enum" | "union" | "trait" | "type");
        let open = match (t(i), t(i + 1), t(i + 2)) {
            ("impl", "<", _) => i + 1,
            (_, _, "<") if named => i + 2,
            _ => continue,
        };
        let mut depth = 0;
        for j in open..flat.len() {
            match t(j) {
                "<" => depth += 1,
                ">" => depth -= 1,
                ">>" => depth -= 2,
                "(" | "[" => depth += 100,
                ")" | "]" => depth -= 100,
                name if depth == 1 && matches!(t(j - 1), "<" | ",") => {
                    bound.insert(name);
                }
                _ => {}
            }
            if depth <= 0 {
                break;
            }
        }
    }
    bound
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::bundle::lex::lex;

    fn aliased(src: &str) -> String {
        let flat = lex(src)
            .unwrap()
            .into_iter()
            .filter(|t| t.is_code())
            .enumerate()
            .map(|(from, t)| Flat {
                text: t.text(src).to_string(),
                kind: t.kind,
                from,
            })
            .collect();
        let texts: Vec<String> = (alias_unit_results(flat).into_iter())
            .map(|f| f.text)
            .collect();
        texts.join(" ")
    }

    #[test]
    fn the_most_spelled_unit_result_gets_an_alias() {
        let src = "fn a() -> Result<(), E> {} fn b() -> Result<(), E> {}
            fn c(x: Result<(), E>) -> Result<(), F> {} fn d() -> io::Result<(), E> {}";
        assert_eq!(
            aliased(src),
            "type UnitResult0 = Result < ( ) , E > ; \
             fn a ( ) -> UnitResult0 { } fn b ( ) -> UnitResult0 { } \
             fn c ( x : UnitResult0 ) -> Result < ( ) , F > { } \
             fn d ( ) -> io :: Result < ( ) , E > { }"
        );
    }

    #[test]
    fn rare_or_generic_errors_keep_their_spelling() {
        let rare = "fn a() -> Result<(), E> {} fn b() -> Result<(), E> {}";
        assert_eq!(aliased(rare).matches("Result").count(), 2);
        let generic = format!("{} fn c<'a, T, E: X<u8>>() -> Result<(), E> {{}}", rare);
        assert_eq!(aliased(&generic).matches("Result").count(), 3);
        let impl_generic = format!("{} impl<E> S<E> {{ fn c() -> Result<(), E> {{}} }}", rare);
        assert_eq!(aliased(&impl_generic).matches("Result").count(), 3);
        let taken = format!("{} fn c() -> Result<(), E> {{ UnitResult0 }}", rare);
        assert!(aliased(&taken).starts_with("type UnitResult1 ="));
    }
}
