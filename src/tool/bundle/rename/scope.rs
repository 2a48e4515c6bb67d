//! The bundle's modules as the renamer sees them: the `mod x { }` blocks,
//! what each one's `use` items bind, and what a path written in a module
//! names: one of the bundle's modules, types or other items, std's item
//! for certain, or something unknown.

use super::super::uses::{self, Leaf};
use super::code::Code;
use super::scan::Found;
use std::collections::{HashMap, HashSet};

#[derive(Default)]
struct Module {
    parent: usize,
    children: HashMap<String, usize>,
    /// Names that its `use` items bind to things outside the bundle.
    foreign: HashSet<String>,
    /// Its `use` leaves of the bundle's paths, globs apart.
    uses: Vec<Leaf>,
    globs: Vec<Vec<String>>,
}

/// What a path's segments name so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    Module(usize),
    /// A type or trait of the bundle: the next segment is its associated
    /// item or variant.
    Type,
    /// A function, constant or anything else of the bundle.
    Value,
    /// Std's for certain: under `std`, `core` or `alloc`, or a name that a
    /// `use` of std binds in the module.
    Std,
    /// Unknown: a generic parameter, a name of no `use`, a type's item.
    Foreign,
}

/// Whether a path segment keeps its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    No,
    /// This occurrence names std's item: it stays, the name may be renamed
    /// elsewhere.
    Here,
    /// This occurrence may name std's item or the bundle's: the name stays
    /// everywhere.
    Everywhere,
}

/// How many `use` items a name is followed through: more is a cycle.
const MAX_DEPTH: usize = 16;

/// The modules, and for each code token its module.
pub struct Scope {
    modules: Vec<Module>,
    pub module_of: Vec<usize>,
    /// Tokens of attributes and `use` items, read here and then skipped.
    pub skip: Vec<bool>,
    /// Names of the bundle's types and traits.
    pub types: HashSet<String>,
    pub generics: HashSet<String>,
}

impl Scope {
    /// The modules of `code`, its attributes (whose words go to
    /// `found.kept`) and `use` items (std's names go there too).
    pub fn build(code: &Code, found: &mut Found) -> Scope {
        let n = code.text.len();
        let mut scope = Scope {
            modules: vec![Module::default()],
            module_of: vec![0; n],
            skip: vec![false; n],
            types: HashSet::new(),
            generics: HashSet::new(),
        };
        let mut stack = vec![(0usize, usize::MAX)];
        let mut uses = Vec::new();
        let mut i = 0;
        while i < n {
            while stack.len() > 1 && i >= stack[stack.len() - 1].1 {
                stack.pop();
            }
            let m = stack[stack.len() - 1].0;
            scope.module_of[i] = m;
            let attribute = code.t(i) == "#"
                && (code.t(i + 1) == "[" || (code.t(i + 1) == "!" && code.t(i + 2) == "["));
            if attribute || code.t(i) == "use" {
                let end = if attribute {
                    code.past(if code.t(i + 1) == "[" { i + 1 } else { i + 2 })
                } else {
                    (i..n).find(|&j| code.t(j) == ";").map_or(n, |j| j + 1)
                };
                for j in i..end {
                    scope.skip[j] = true;
                    scope.module_of[j] = m;
                    if attribute && code.is_ident(j) {
                        found.kept.insert(code.t(j).to_string());
                    }
                }
                if !attribute {
                    let texts: Vec<&str> =
                        (i + 1..end.saturating_sub(1)).map(|j| code.t(j)).collect();
                    for leaf in uses::parse(&texts).unwrap_or_default() {
                        uses.push((m, leaf));
                    }
                }
                i = end;
                continue;
            }
            if code.t(i) == "mod" && code.is_ident(i + 1) && code.t(i + 2) == "{" {
                let id = scope.modules.len();
                scope.modules.push(Module {
                    parent: m,
                    ..Module::default()
                });
                let name = code.t(i + 1).to_string();
                scope.modules[m].children.insert(name, id);
                scope.module_of[i + 1] = m;
                scope.module_of[i + 2] = m;
                stack.push((id, code.past(i + 2) - 1));
                i += 3;
                continue;
            }
            i += 1;
        }
        for (m, leaf) in uses {
            scope.add_use(m, leaf, found);
        }
        scope
    }

    /// Records a `use` leaf of module `m`: std's names are kept, the
    /// bundle's paths are followed later.
    fn add_use(&mut self, m: usize, leaf: Leaf, found: &mut Found) {
        let root = leaf.path.first().map_or("", String::as_str);
        let ours = matches!(root, "crate" | "self" | "super")
            || self.modules[m].children.contains_key(root);
        if let Some(alias) = &leaf.alias {
            found.declared.insert(alias.clone());
        }
        if ours {
            match leaf.is_glob() {
                true => self.modules[m].globs.push(leaf.target().to_vec()),
                false => self.modules[m].uses.push(leaf),
            }
            return;
        }
        for name in leaf.path.iter().chain(&leaf.alias) {
            found.kept.insert(name.clone());
        }
        match leaf.binding() {
            None => found.foreign_glob = true,
            Some(name) => {
                let name = name.to_string();
                self.modules[m].foreign.insert(name);
            }
        }
    }

    /// What `name` is in module `m` by its own modules and `use` items.
    pub fn lookup(&self, m: usize, name: &str, depth: usize) -> Option<At> {
        if depth > MAX_DEPTH {
            return Some(At::Foreign);
        }
        let module = &self.modules[m];
        if module.foreign.contains(name) {
            return Some(At::Std);
        }
        if let Some(&child) = module.children.get(name) {
            return Some(At::Module(child));
        }
        for leaf in &module.uses {
            if leaf.binding() == Some(name) {
                return Some(self.resolve(m, leaf.target(), depth + 1));
            }
        }
        for glob in &module.globs {
            if let At::Module(target) = self.resolve(m, glob, depth + 1) {
                if let Some(at) = self.lookup(target, name, depth + 1) {
                    return Some(at);
                }
            }
        }
        None
    }

    /// What the first segment `name` of a path in module `m` names.
    pub fn head(&self, m: usize, name: &str, depth: usize) -> At {
        match name {
            "crate" => At::Module(0),
            "self" => At::Module(m),
            "super" => At::Module(self.modules[m].parent),
            "Self" => At::Type,
            "std" | "core" | "alloc" => At::Std,
            "" => At::Foreign,
            _ => match self.lookup(m, name, depth) {
                Some(at) => at,
                None if self.generics.contains(name) => At::Foreign,
                None if self.types.contains(name) => At::Type,
                None => At::Foreign,
            },
        }
    }

    /// What segment `name` after `at` names, and whether it keeps its name.
    pub fn step(&self, at: At, name: &str, depth: usize) -> (At, Keep) {
        match at {
            At::Module(m) if name == "super" => (At::Module(self.modules[m].parent), Keep::No),
            At::Module(m) => match self.lookup(m, name, depth) {
                Some(At::Std) => (At::Std, Keep::Here),
                Some(At::Foreign) => (At::Foreign, Keep::Everywhere),
                Some(at) => (at, Keep::No),
                None if self.types.contains(name) => (At::Type, Keep::No),
                None => (At::Value, Keep::No),
            },
            // An associated item or a variant of the bundle's type.
            At::Type => (At::Foreign, Keep::No),
            At::Std => (At::Std, Keep::Here),
            At::Value | At::Foreign => (At::Foreign, Keep::Everywhere),
        }
    }

    pub fn resolve(&self, m: usize, path: &[String], depth: usize) -> At {
        let Some((first, rest)) = path.split_first() else {
            return At::Foreign;
        };
        let mut at = self.head(m, first, depth);
        for segment in rest {
            at = self.step(at, segment, depth).0;
        }
        at
    }
}
