//! Aliases for the flat bundle's most written types: a result such as
//! `Result<(), E>` is spelled in nearly every signature of a judge path.
//! Each `Result<T, E>` (`T` a name or `()`, `E` a name) written so often
//! that an alias costs less than the spellings gets `type N = Result<T,
//! E>;`, declared once, and each spelling becomes `N` (which the renamer
//! then shortens). `T` and `E` must name the same types everywhere: a
//! name that some generic parameter list also binds is left alone.

use super::flat::Flat;
use super::lex::Kind;
use std::collections::{HashMap, HashSet};

/// Spellings below this count stay: an alias and its name cost more.
const WORTH_IT: usize = 3;

/// `flat` with each `Result<T, E>` spelled at least `WORTH_IT` times
/// (`T` a name or `()`, `E` a name) written through an alias.
pub fn alias_results(flat: Vec<Flat>) -> Vec<Flat> {
    let t = |i: usize| flat.get(i).map_or("", |f| f.text.as_str());
    let name_at = |i: usize| {
        flat.get(i)
            .filter(|f| f.kind == Kind::Ident)
            .map(|f| f.text.as_str())
    };
    // The spelling at `i`: its `T` and `E`, and its number of tokens.
    let spelled_at = |i: usize| {
        if t(i) != "Result" || t(i.wrapping_sub(1)) == "::" || t(i + 1) != "<" {
            return None;
        }
        let (ok, past_ok) = match (t(i + 2), t(i + 3)) {
            ("(", ")") => ("()", i + 4),
            _ => (name_at(i + 2)?, i + 3),
        };
        let error = name_at(past_ok + 1).filter(|_| t(past_ok) == ",")?;
        Some((ok, error, past_ok + 3 - i)).filter(|_| t(past_ok + 2) == ">")
    };
    let mut counts: HashMap<(&str, &str), usize> = HashMap::new();
    for i in 0..flat.len() {
        if let Some((ok, error, _)) = spelled_at(i) {
            *counts.entry((ok, error)).or_default() += 1;
        }
    }
    let generic = generic_parameters(&flat);
    let mut aliased: Vec<(&str, &str)> = (counts.iter())
        .filter(|(&(ok, error), &count)| {
            count >= WORTH_IT && !generic.contains(ok) && !generic.contains(error)
        })
        .map(|(&key, _)| key)
        .collect();
    aliased.sort();
    let taken: HashSet<&str> = flat.iter().map(|f| f.text.as_str()).collect();
    let mut fresh = (0..)
        .map(|n| format!("ResultAlias{}", n))
        .filter(|name| !taken.contains(name.as_str()));
    let names: HashMap<(&str, &str), String> = (aliased.iter())
        .map(|&key| (key, fresh.next().unwrap_or_default()))
        .collect();
    let mut out = Vec::with_capacity(flat.len());
    for &(ok, error) in &aliased {
        let from = (0..flat.len())
            .find(|&i| spelled_at(i).map(|(o, e, _)| (o, e)) == Some((ok, error)))
            .map_or(0, |i| flat[i].from);
        let token = |text: &str, kind: Kind| Flat {
            text: text.to_string(),
            kind,
            from,
        };
        out.push(token("type", Kind::Ident));
        out.push(token(&names[&(ok, error)], Kind::Ident));
        out.push(token("=", Kind::Punct));
        out.push(token("Result", Kind::Ident));
        out.push(token("<", Kind::Punct));
        match ok {
            "()" => {
                out.push(token("(", Kind::Punct));
                out.push(token(")", Kind::Punct));
            }
            _ => out.push(token(ok, Kind::Ident)),
        }
        out.push(token(",", Kind::Punct));
        out.push(token(error, Kind::Ident));
        out.push(token(">", Kind::Punct));
        out.push(token(";", Kind::Punct));
    }
    let mut i = 0;
    while i < flat.len() {
        if let Some((ok, error, len)) = spelled_at(i) {
            if let Some(name) = names.get(&(ok, error)) {
                out.push(Flat {
                    text: name.clone(),
                    kind: Kind::Ident,
                    from: flat[i].from,
                });
                i += len;
                continue;
            }
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
        let texts: Vec<String> = (alias_results(flat).into_iter()).map(|f| f.text).collect();
        texts.join(" ")
    }

    #[test]
    fn the_most_spelled_unit_result_gets_an_alias() {
        let src = "fn a() -> Result<(), E> {} fn b() -> Result<(), E> {}
            fn c(x: Result<(), E>) -> Result<(), F> {} fn d() -> io::Result<(), E> {}
            fn e(x: Result<u8, E>, y: Result<u8, E>) -> Result<u8, E> {}";
        assert_eq!(
            aliased(src),
            "type ResultAlias0 = Result < ( ) , E > ; type ResultAlias1 = Result < u8 , E > ; \
             fn a ( ) -> ResultAlias0 { } fn b ( ) -> ResultAlias0 { } \
             fn c ( x : ResultAlias0 ) -> Result < ( ) , F > { } \
             fn d ( ) -> io :: Result < ( ) , E > { } \
             fn e ( x : ResultAlias1 , y : ResultAlias1 ) -> ResultAlias1 { }"
        );
    }

    #[test]
    fn rare_or_generic_results_keep_their_spelling() {
        let rare = "fn a() -> Result<(), E> {} fn b() -> Result<(), E> {}";
        assert_eq!(aliased(rare).matches("Result").count(), 2);
        let generic = format!("{} fn c<'a, T, E: X<u8>>() -> Result<(), E> {{}}", rare);
        assert_eq!(aliased(&generic).matches("Result").count(), 3);
        let impl_generic = format!("{} impl<E> S<E> {{ fn c() -> Result<(), E> {{}} }}", rare);
        assert_eq!(aliased(&impl_generic).matches("Result").count(), 3);
        let generic_ok = "fn c<T>(x: Result<T, E>, y: Result<T, E>) -> Result<T, E> {}";
        assert_eq!(aliased(generic_ok).matches("Result").count(), 3);
        let taken = format!("{} fn c() -> Result<(), E> {{ ResultAlias0 }}", rare);
        assert!(aliased(&taken).starts_with("type ResultAlias1 ="));
    }
}
