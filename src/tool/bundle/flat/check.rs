//! What makes the flattening give up: names it would write anew that may
//! be something else where they are written, and methods of the bundle's
//! traits that a call could newly reach once every trait is in scope.

use super::super::lex::Kind;
use super::super::rename::names::{StdMethods, OWNED};
use super::super::rename::Code;
use super::walk::{Impl, Walk};
use super::Plan;
use std::collections::{HashMap, HashSet};

/// Fails where a changed name may be other than the item it names at
/// module level: a local binding (`bound`) or generic parameter of that
/// name, an item inside a body, a format argument (`"{name}"`).
pub fn names(code: &Code, walk: &Walk, plan: &Plan, bound: &HashSet<String>) -> Result<(), String> {
    for name in &plan.changed {
        if bound.contains(name) || walk.generics.contains(name) {
            return Err(format!("`{}` is also a local name", name));
        }
    }
    for i in 0..code.text.len() {
        let text = code.t(i);
        let declares = matches!(
            code.before(i),
            "fn" | "struct" | "enum" | "union" | "trait" | "type" | "const" | "static" | "mod"
        ) || (code.before(i) == "mut" && code.before(i - 1) == "static");
        if declares && !walk.declared_at.contains(&i) && plan.changed.contains(text) {
            return Err(format!("`{}` is also declared inside a body", text));
        }
        if code.kind[i] == Kind::Literal && text.contains('{') {
            let argument = plan.changed.iter().find(|name| {
                text.contains(&format!("{{{}}}", name)) || text.contains(&format!("{{{}:", name))
            });
            if let Some(name) = argument {
                return Err(format!("`{}` is a format argument", name));
            }
        }
    }
    Ok(())
}

/// Fails where `.name(` is called in a module that does not have the
/// bundle's trait with a method `name` in scope, when that trait's method
/// could be the one called there once the trait is in scope.
pub fn methods(code: &Code, walk: &Walk) -> Result<(), String> {
    let risky = risky_methods(walk);
    for i in 0..code.text.len() {
        let call = code.before(i) == "." && matches!(code.t(i + 1), "(" | "::");
        let Some(traits) = risky.get(code.t(i)).filter(|_| call && !walk.macro_body[i]) else {
            continue;
        };
        let m = walk.module_of[i];
        if let Some(&d) = traits.iter().find(|&&d| !walk.in_scope(m, d)) {
            return Err(format!(
                "`.{}(` where the trait `{}` is not in scope",
                code.t(i),
                walk.decls[d].name
            ));
        }
    }
    Ok(())
}

/// The methods of the bundle's traits, each with its traits, that a call
/// where the trait is not in scope may reach once it is: a method of a
/// trait implemented for something that is no type of the bundle (a
/// generic `T`, `u8`, `&A`); a method whose name derives and std's
/// blanket impls give every type (`fmt`, `into`: `OWNED`); or one whose
/// implementing type has a method of that name besides, written in
/// another impl or provided by a std trait it implements.
fn risky_methods(walk: &Walk) -> HashMap<&str, Vec<usize>> {
    let std = StdMethods::new();
    let mut risky: HashMap<&str, Vec<usize>> = HashMap::new();
    for (d, decl) in walk.decls.iter().enumerate() {
        let impls: Vec<&Impl> = (walk.impls.iter())
            .filter(|imp| walk.trait_of(imp) == Some(d))
            .collect();
        let open = impls.iter().any(|imp| walk.type_of(imp).is_none());
        let types: Vec<usize> = impls.iter().filter_map(|imp| walk.type_of(imp)).collect();
        for method in &decl.methods {
            let elsewhere = walk.impls.iter().any(|imp| {
                let on_type = walk.type_of(imp).is_some_and(|t| types.contains(&t));
                let trait_of = walk.trait_of(imp);
                let written = trait_of != Some(d) && imp.methods.iter().any(|m| m.name == *method);
                let provided =
                    imp.trait_path.is_some() && trait_of.is_none() && std.contains(method);
                on_type && (written || provided)
            });
            if open || elsewhere || OWNED.contains(&method.as_str()) {
                risky.entry(method).or_default().push(d);
            }
        }
    }
    risky
}
