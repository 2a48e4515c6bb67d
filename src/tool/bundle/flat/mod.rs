//! The flat form of a minified bundle: one module instead of nested
//! `mod x { }` blocks, so that no `use` of the bundle's own items, no
//! `pub` and no `crate::io::` path is written.
//!
//! Flattening changes no meaning when every name that module-level code
//! can see still names the same thing. So every item declared at module
//! level gets a name that is unique in the flat bundle: its own, or a
//! fresh one (`FIRST2`) when another module declares the same name, when
//! a `use` of std's or of an enum's variants binds it, or when it is a
//! prelude name (a `struct Option` of one module would hide std's from
//! all the others). Then
//! - the module wrappers go, and with them every `use` of the bundle's
//!   items and modules (globs and `as` included); the `use` items of std
//!   become one, each name once, and so do imports of enum variants
//!   (`use self::Kind::*`), which stay;
//! - a path through the bundle's modules (`crate::io::Lines`,
//!   `super::parse`, `io::report` where `io` is the bundle's) becomes the
//!   item's flat name, followed by what came after it (`Lines::new`,
//!   `Kind::A`); `Self::` and paths of std's stay;
//! - a name whose flat name is another (a fresh one, or an `as` alias)
//!   is written anew wherever it is a module-level name;
//! - `pub` and `pub(crate)` go: one module sees all of its items.
//!
//! What cannot be told from the tokens makes the flattening give up, and
//! the bundle stays nested: a renamed name that is also a local binding,
//! a generic parameter, an item inside a body, a field or a format
//! argument; a glob import of std's; a method of a bundle's trait called
//! where that trait is not imported (in one module it would be in scope
//! everywhere); two std imports of one name; a relative path or a renamed
//! name in a macro (whose names are read where it is called).

mod check;
mod resolve;
mod walk;

use super::lex::{lex, Kind, Token};
use super::locals::locals;
use super::rename::names::{StdMethods, OWNED};
use super::rename::Code;
use super::uses::{self, Leaf};
use resolve::Entity;
use std::collections::{HashMap, HashSet};
use walk::Walk;

/// A token of the flat bundle, and the code token it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flat {
    pub text: String,
    pub kind: Kind,
    pub from: usize,
}

/// The code tokens `tokens` of `src` as one module, or why not.
pub fn flatten(src: &str, tokens: &[Token]) -> Result<Vec<Flat>, String> {
    let texts = tokens.iter().map(|t| t.text(src)).collect();
    let kinds = tokens.iter().map(|t| t.kind).collect();
    let code = Code::new(texts, kinds);
    let walk = Walk::of(&code)?;
    let plan = Plan::of(&code, &walk)?;
    let bound: HashSet<String> = locals(src, tokens).into_iter().map(|l| l.name).collect();
    check::names(&code, &walk, &plan, &bound)?;
    check::methods(&code, &walk)?;
    Rewrite {
        code: &code,
        walk: &walk,
        plan: &plan,
        out: Vec::with_capacity(tokens.len()),
    }
    .run()
}

/// The names of the flat bundle.
pub struct Plan {
    /// Each declared item's name (by its index in `Walk::decls`).
    pub flat: Vec<String>,
    /// Names that are written anew somewhere.
    pub changed: HashSet<String>,
    /// The leaves of the one module-level `use`: std's and enum variants.
    root: Vec<Leaf>,
    /// The `pub` tokens that stay.
    kept_pub: HashSet<usize>,
}

impl Plan {
    fn of(code: &Code, walk: &Walk) -> Result<Plan, String> {
        // What the module-level `use` items bring that the bundle's
        // modules do not declare.
        let mut foreign: HashMap<String, Leaf> = HashMap::new();
        let mut variant_uses: Vec<(usize, Leaf)> = Vec::new();
        let mut bound: HashSet<String> = HashSet::new();
        for item in &walk.uses {
            for leaf in &item.leaves {
                match walk.resolve_use(item.module, leaf.target(), 0) {
                    Some(Entity::Foreign(path)) => {
                        if leaf.is_glob() {
                            return Err(format!("a glob import of `{}`", path.join("::")));
                        }
                        if item.attributed(code) {
                            return Err("an attribute on a `use` of std's".to_string());
                        }
                        let leaf = resolved(leaf, path);
                        let name = leaf.binding().unwrap_or_default().to_string();
                        // `use std::io` and `use std::io::{self}` are one.
                        match foreign.get(&name) {
                            Some(other) if other.target() != leaf.target() => {
                                return Err(format!("two imports named `{}`", name))
                            }
                            Some(_) => {}
                            None => {
                                bound.insert(name.clone());
                                foreign.insert(name, leaf);
                            }
                        }
                    }
                    Some(Entity::Variant(d, variant)) => {
                        bound.insert(leaf.binding().unwrap_or(&variant).to_string());
                        variant_uses.push((d, leaf.clone()));
                    }
                    Some(Entity::Item(d)) if leaf.is_glob() => {
                        bound.extend(walk.decls[d].variants.iter().cloned());
                        variant_uses.push((d, leaf.clone()));
                    }
                    Some(_) => {}
                    None => return Err(format!("`use {}` names nothing", leaf.path.join("::"))),
                }
            }
        }
        let flat = flat_names(code, walk, &bound);
        let mut changed: HashSet<String> = walk
            .decls
            .iter()
            .zip(&flat)
            .filter(|(decl, name)| decl.name != **name)
            .map(|(decl, _)| decl.name.clone())
            .collect();
        for item in &walk.uses {
            for leaf in item.leaves.iter().filter(|l| !l.is_glob()) {
                if let Some(Entity::Item(d)) = walk.resolve_use(item.module, leaf.target(), 0) {
                    let binding = leaf.binding().unwrap_or_default();
                    if binding != flat[d] {
                        changed.insert(binding.to_string());
                    }
                }
            }
        }
        let mut root: Vec<Leaf> = foreign.into_values().collect();
        for (d, leaf) in variant_uses {
            let last = leaf.path.last().cloned().unwrap_or_default();
            let leaf = Leaf {
                path: vec!["self".to_string(), flat[d].clone(), last],
                alias: leaf.alias,
            };
            if !root.contains(&leaf) {
                root.push(leaf);
            }
        }
        // `self` first, as people write it.
        root.sort_by_key(|leaf| {
            let path = (leaf.path.iter()).map(|s| if s == "self" { "" } else { s.as_str() });
            let path: Vec<String> = path.map(str::to_string).collect();
            (path, leaf.alias.clone())
        });
        Ok(Plan {
            flat,
            changed,
            root,
            kept_pub: kept_pub(code, walk),
        })
    }
}

/// The `pub` tokens that stay: a method of an inherent impl may have been
/// kept for a call of another method of its name (the bundle's or std's),
/// and unused it is no dead code only while it is public, and its type,
/// and the types its signature names (a public item may not show a private
/// type), and theirs.
fn kept_pub(code: &Code, walk: &Walk) -> HashSet<usize> {
    let std = StdMethods::new();
    let mut count: HashMap<&str, usize> = HashMap::new();
    let traits = walk.decls.iter().flat_map(|d| &d.methods);
    let impls = walk
        .impls
        .iter()
        .flat_map(|imp| imp.methods.iter().map(|m| &m.name));
    for name in traits.chain(impls) {
        *count.entry(name).or_default() += 1;
    }
    let mut kept = HashSet::new();
    let mut pending = Vec::new();
    let mut public = vec![false; walk.decls.len()];
    for imp in walk.impls.iter().filter(|imp| imp.trait_path.is_none()) {
        let maybe_unused =
            (imp.methods.iter()).filter(|m| count[m.name.as_str()] > 1 || std.contains(&m.name));
        let mut any = false;
        for method in maybe_unused.filter(|m| m.visibility.is_some()) {
            kept.extend(method.visibility);
            pending.push(method.signature);
            any = true;
        }
        if let (true, Some(d)) = (any, walk.type_of(imp)) {
            public[d] = true;
            kept.extend(walk.decls[d].visibility);
            pending.push(walk.decls[d].interface);
        }
    }
    // Types by name, all of one name at once: more `pub` than needed
    // costs bytes, less would not compile.
    let mut types: HashMap<&str, Vec<usize>> = HashMap::new();
    for (d, decl) in walk.decls.iter().enumerate() {
        if matches!(
            decl.keyword.as_str(),
            "struct" | "enum" | "union" | "trait" | "type"
        ) {
            types.entry(&decl.name).or_default().push(d);
        }
    }
    while let Some((from, to)) = pending.pop() {
        for j in from..to {
            for &d in types.get(code.t(j)).into_iter().flatten() {
                if !public[d] {
                    public[d] = true;
                    kept.extend(walk.decls[d].visibility);
                    pending.push(walk.decls[d].interface);
                }
            }
        }
    }
    kept
}

/// `leaf` with the path it resolves to, `self` kept.
fn resolved(leaf: &Leaf, mut path: Vec<String>) -> Leaf {
    if leaf.path.last().is_some_and(|l| l == "self") {
        path.push("self".to_string());
    }
    Leaf {
        path,
        alias: leaf.alias.clone(),
    }
}

/// Each declared item's flat name: its own, unless an item before it has
/// it, a module-level import binds it (`bound`) or the prelude has it.
fn flat_names(code: &Code, walk: &Walk, bound: &HashSet<String>) -> Vec<String> {
    let mut taken: HashSet<String> = code
        .text
        .iter()
        .enumerate()
        .filter(|&(i, _)| code.is_ident(i))
        .map(|(_, t)| t.to_string())
        .collect();
    let mut given: HashSet<String> = HashSet::new();
    let mut flat = Vec::with_capacity(walk.decls.len());
    for decl in &walk.decls {
        let name = &decl.name;
        let clashes =
            given.contains(name) || bound.contains(name) || OWNED.contains(&name.as_str());
        let mut new = name.clone();
        if clashes {
            // Digits at the end keep the case: `FIRST2`, `Lines2`, `parse2`.
            new = (2..)
                .map(|k| format!("{}{}", name, k))
                .find(|fresh| !taken.contains(fresh))
                .unwrap_or_default();
            taken.insert(new.clone());
        }
        given.insert(new.clone());
        flat.push(new);
    }
    flat
}

/// The flat tokens, written from the nested ones.
struct Rewrite<'a, 'c> {
    code: &'a Code<'c>,
    walk: &'a Walk,
    plan: &'a Plan,
    out: Vec<Flat>,
}

impl Rewrite<'_, '_> {
    fn run(mut self) -> Result<Vec<Flat>, String> {
        let decl_at: HashMap<usize, usize> = (self.walk.decls.iter().enumerate())
            .map(|(d, decl)| (decl.at, d))
            .collect();
        let use_at: HashMap<usize, usize> = (self.walk.uses.iter().enumerate())
            .map(|(k, item)| (item.start, k))
            .collect();
        let n = self.code.text.len();
        let mut i = 0;
        while i < n {
            let text = self.code.t(i);
            if let Some(&k) = use_at.get(&i) {
                let item = &self.walk.uses[k];
                if k == 0 && !self.plan.root.is_empty() {
                    let leaves: Vec<&Leaf> = self.plan.root.iter().collect();
                    self.push_use(&leaves, item.keyword);
                }
                i = item.end;
            } else if self.walk.wrapper[i] {
                i += 1;
            } else if self.walk.attribute[i] || (self.walk.macro_body[i] && text != "$") {
                i = self.name_or_copy(i, &decl_at)?;
            } else if text == "pub" && !self.plan.kept_pub.contains(&i) {
                let restricted = matches!(self.code.t(i + 2), "crate" | "self" | "super" | "in");
                i = match self.code.t(i + 1) == "(" && restricted {
                    true => self.code.past(i + 1),
                    false => i + 1,
                };
            } else if text == "use" {
                i = self.body_use(i)?;
            } else if text == "$" && self.code.t(i + 1) == "crate" {
                // `$crate::` in a macro: the bundle's root, as `crate::`.
                i += 1;
            } else {
                i = self.name_or_copy(i, &decl_at)?;
            }
        }
        Ok(self.out)
    }

    fn copy(&mut self, i: usize) {
        self.push(self.code.t(i), self.code.kind[i], i);
    }

    fn push(&mut self, text: &str, kind: Kind, from: usize) {
        self.out.push(Flat {
            text: text.to_string(),
            kind,
            from,
        });
    }

    /// Writes `use` with `leaves`, for the code token `from`.
    fn push_use(&mut self, leaves: &[&Leaf], from: usize) {
        let text = format!("use {};", uses::render(leaves));
        for token in lex(&text).unwrap_or_default() {
            self.push(token.text(&text), token.kind, from);
        }
    }

    /// A `use` inside a body, at `i`: std's names stay, the bundle's
    /// items go (their flat names are the same), its enum variants stay
    /// under the enum's flat name; the index past it.
    fn body_use(&mut self, i: usize) -> Result<usize, String> {
        let (code, walk) = (self.code, self.walk);
        let end = (i..code.text.len())
            .find(|&j| code.t(j) == ";")
            .unwrap_or(code.text.len());
        let m = walk.module_of[i];
        let mut kept = Vec::new();
        for leaf in uses::parse(&code.text[i + 1..end])? {
            let last = leaf.path.last().cloned().unwrap_or_default();
            match walk.resolve_use(m, leaf.target(), 0) {
                Some(Entity::Foreign(path)) => {
                    let name = leaf.binding().unwrap_or_default();
                    if self.plan.changed.contains(name) {
                        return Err(format!("a `use` of std's `{}` in a body", name));
                    }
                    kept.push(resolved(&leaf, path));
                }
                Some(Entity::Item(d)) if !leaf.is_glob() => {
                    if leaf.binding() != Some(self.plan.flat[d].as_str()) {
                        return Err(format!("`use {}` in a body", leaf.path.join("::")));
                    }
                }
                Some(Entity::Item(d) | Entity::Variant(d, _)) => kept.push(Leaf {
                    path: vec!["self".to_string(), self.plan.flat[d].clone(), last],
                    alias: leaf.alias,
                }),
                _ => return Err(format!("`use {}` in a body", leaf.path.join("::"))),
            }
        }
        if !kept.is_empty() {
            self.push_use(&kept.iter().collect::<Vec<_>>(), i);
        }
        Ok(end + 1)
    }

    /// Writes the token at `i`, a name as the flat bundle names it; the
    /// index past what was written.
    fn name_or_copy(&mut self, i: usize, decl_at: &HashMap<usize, usize>) -> Result<usize, String> {
        let (code, walk) = (self.code, self.walk);
        let text = code.t(i);
        let prev = code.before(i);
        let plain = !code.is_ident(i)
            || walk.attribute[i]
            || matches!(prev, "." | "::")
            || (prev == "$" && text != "crate");
        if plain {
            self.copy(i);
            return Ok(i + 1);
        }
        if let Some(&d) = decl_at.get(&i) {
            self.push(&self.plan.flat[d], Kind::Ident, i);
            return Ok(i + 1);
        }
        let m = walk.module_of[i];
        if code.t(i + 1) == "::" {
            return self.path(i, m);
        }
        if !self.plan.changed.contains(text) || code.t(i + 1) == "!" {
            self.copy(i);
            return Ok(i + 1);
        }
        if walk.macro_body[i] {
            return Err(format!("`{}` in a macro", text));
        }
        if code.t(i + 1) == ":" {
            return Err(format!("`{}` may be a field", text));
        }
        match walk.lookup(m, text, false, 0) {
            Some(Entity::Item(d)) => self.push(&self.plan.flat[d], Kind::Ident, i),
            _ => self.copy(i),
        }
        Ok(i + 1)
    }

    /// Writes the path whose first segment is at `i`, in module `m`; the
    /// index past what was written.
    fn path(&mut self, i: usize, m: usize) -> Result<usize, String> {
        let (code, walk) = (self.code, self.walk);
        let text = code.t(i);
        let head = match text {
            "crate" => Some(Entity::Module(0)),
            "self" => Some(Entity::Module(m)),
            "super" => Some(Entity::Module(walk.modules[m].parent)),
            _ => walk.lookup(m, text, true, 0),
        };
        let mut at = match head {
            Some(Entity::Module(x)) => Entity::Module(x),
            Some(Entity::Item(d)) if self.plan.flat[d] != text => {
                if walk.macro_body[i] {
                    return Err(format!("`{}` in a macro", text));
                }
                self.push(&self.plan.flat[d], Kind::Ident, i);
                return Ok(i + 1);
            }
            _ => {
                self.copy(i);
                return Ok(i + 1);
            }
        };
        if walk.macro_body[i] && text != "crate" {
            return Err(format!("`{}::` in a macro", text));
        }
        let mut j = i;
        while let Entity::Module(x) = at {
            if code.t(j + 1) != "::" || !code.is_ident(j + 2) {
                return Err(format!("a path to a module at `{}`", code.t(j)));
            }
            j += 2;
            let segment = code.t(j);
            at = walk
                .step(Entity::Module(x), segment, code.t(j + 1) == "::", 0)
                .ok_or_else(|| format!("no `{}` where a path names it", segment))?;
        }
        match at {
            Entity::Item(d) => self.push(&self.plan.flat[d], Kind::Ident, j),
            Entity::Variant(d, variant) => {
                self.push(&self.plan.flat[d], Kind::Ident, j);
                self.push("::", Kind::Punct, j);
                self.push(&variant, Kind::Ident, j);
            }
            Entity::Foreign(path) => {
                for (k, segment) in path.iter().enumerate() {
                    if k > 0 {
                        self.push("::", Kind::Punct, j);
                    }
                    if !segment.is_empty() {
                        self.push(segment, Kind::Ident, j);
                    }
                }
            }
            Entity::Module(_) => unreachable!("the loop steps past modules"),
        }
        Ok(j + 1)
    }
}

#[cfg(test)]
mod tests;
