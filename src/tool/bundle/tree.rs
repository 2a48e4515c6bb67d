//! The module tree of the bundled sources: one module per file and per
//! inline `mod { }`, `mod x;` declarations matched to the files that hold
//! them, and the resolution of a path as written in a module to the module
//! or item it names, as far as names alone can tell.
//!
//! The sources are first moved from their mount (`crate::core::`) to the
//! bundle's root (`crate::`), token by token, so that everything after sees
//! the paths the bundle will have.

use super::items::{self, Item, What};
use super::lex::{lex, Token};
use super::uses::Leaf;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

/// How many `use` items a name is followed through: more is a cycle.
const MAX_DEPTH: usize = 16;

/// A module: its items, and where its inner attributes and docs are.
pub struct Module {
    pub name: String,
    pub parent: Option<usize>,
    pub file: usize,
    /// The bytes of its inner attributes and docs in its file.
    pub inner: (usize, usize),
    pub items: Vec<Item>,
    /// Child modules by the index of their `mod` item.
    pub children: Vec<(usize, usize)>,
    /// The names it goes by: its own and every `use .. as` alias of it.
    pub names: HashSet<String>,
}

/// All modules; the root is module 0.
pub struct Tree {
    /// The source texts, unmounted.
    pub files: Vec<String>,
    pub modules: Vec<Module>,
    /// What `module_bound` found, by module and name.
    bound: RefCell<HashMap<(usize, String), Option<usize>>>,
}

/// What a path names, as far as it can be told from names.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ref {
    /// A name alone, looked up in the module where it is written.
    Head(usize, String),
    /// An item of a known module (`crate::io::Lines`, `super::f`).
    In(usize, String),
    /// A name under another (`Frame::new`, `input::shown`): the qualifier
    /// is a type, a module alias, or `?` when unknown.
    Named(String, String),
}

/// `src` with every `crate::MOUNT::` written `crate::`, and its tokens.
pub fn unmount(src: &str, mount: &str) -> Result<(String, Vec<Token>), String> {
    let tokens = lex(src)?;
    let code: Vec<usize> = (0..tokens.len()).filter(|&i| tokens[i].is_code()).collect();
    let text = |k: usize| code.get(k).map_or("", |&i| tokens[i].text(src));
    // The byte ranges to cut: each `MOUNT::` after `crate::`.
    let mut cuts = Vec::new();
    for k in 0..code.len() {
        if text(k) == "crate" && text(k + 1) == "::" && text(k + 2) == mount && text(k + 3) == "::"
        {
            cuts.push((tokens[code[k + 2]].start, tokens[code[k + 3]].end));
        }
    }
    let mut out = String::with_capacity(src.len());
    let mut copied = 0;
    for &(start, end) in &cuts {
        out.push_str(&src[copied..start]);
        copied = end;
    }
    out.push_str(&src[copied..]);
    // Each token moves back by what was cut before it.
    let mut kept = Vec::with_capacity(tokens.len());
    let mut removed = 0;
    let mut cut = cuts.iter().peekable();
    for token in tokens {
        while let Some(&&(start, end)) = cut.peek() {
            if end > token.start {
                break;
            }
            removed += end - start;
            cut.next();
        }
        if cut.peek().is_some_and(|&&(start, _)| start <= token.start) {
            continue;
        }
        kept.push(Token {
            kind: token.kind,
            start: token.start - removed,
            end: token.end - removed,
        });
    }
    Ok((out, kept))
}

impl Tree {
    /// The tree of `files` (module path under the mount, text), the root
    /// being `""`, with `main` (more root code) after the root's text.
    pub fn build(files: &[(&str, &str)], mount: &str, main: &str) -> Result<Tree, String> {
        let mut tree = Tree {
            files: Vec::new(),
            modules: Vec::new(),
            bound: RefCell::new(HashMap::new()),
        };
        let root = files
            .iter()
            .find(|(path, _)| path.is_empty())
            .ok_or("no root file (module path \"\")")?;
        let text = format!("{}\n{}", root.1, main.trim_start_matches('\n'));
        tree.add_file("", None, &text, files, mount)?;
        tree.name_aliases();
        Ok(tree)
    }

    /// Parses `text` as the module `path`, child of `parent`, with the
    /// modules it declares; returns its index.
    fn add_file(
        &mut self,
        path: &str,
        parent: Option<usize>,
        text: &str,
        files: &[(&str, &str)],
        mount: &str,
    ) -> Result<usize, String> {
        let (src, tokens) = unmount(text, mount).map_err(|e| format!("{}: {}", shown(path), e))?;
        let parsed =
            items::parse_file(&src, &tokens).map_err(|e| format!("{}: {}", shown(path), e))?;
        self.files.push(src);
        let name = path.rsplit("::").next().unwrap_or("").to_string();
        let file = self.files.len() - 1;
        self.add_module(
            name,
            path,
            parent,
            file,
            (0, parsed.inner_end),
            parsed.items,
            files,
            mount,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn add_module(
        &mut self,
        name: String,
        path: &str,
        parent: Option<usize>,
        file: usize,
        inner: (usize, usize),
        items: Vec<Item>,
        files: &[(&str, &str)],
        mount: &str,
    ) -> Result<usize, String> {
        let id = self.modules.len();
        self.modules.push(Module {
            names: HashSet::from([name.clone()]),
            name,
            parent,
            file,
            inner,
            items,
            children: Vec::new(),
        });
        for index in 0..self.modules[id].items.len() {
            let item = &mut self.modules[id].items[index];
            if item.test_only || !matches!(item.what, What::ModFile | What::ModInline) {
                continue;
            }
            let child_name = item.name.clone().unwrap_or_default();
            let child_path = if path.is_empty() {
                child_name.clone()
            } else {
                format!("{}::{}", path, child_name)
            };
            let child = if item.what == What::ModFile {
                let (_, text) = files
                    .iter()
                    .find(|(p, _)| *p == child_path)
                    .ok_or_else(|| {
                        format!(
                            "`mod {};` in {}: no file for module `{}`",
                            child_name,
                            shown(path),
                            child_path
                        )
                    })?;
                self.add_file(&child_path, Some(id), text, files, mount)?
            } else {
                let members = std::mem::take(&mut item.members);
                let inner = (item.body.map_or(0, |b| b.0 + 1), item.inner_end);
                self.add_module(
                    child_name,
                    &child_path,
                    Some(id),
                    file,
                    inner,
                    members,
                    files,
                    mount,
                )?
            };
            self.modules[id].children.push((index, child));
        }
        Ok(id)
    }

    /// Adds to each module's names the aliases that `use .. as` gives it.
    fn name_aliases(&mut self) {
        let mut aliases = Vec::new();
        for (m, module) in self.modules.iter().enumerate() {
            for item in &module.items {
                if let What::Use(leaves) = &item.what {
                    for leaf in leaves {
                        if let (Some(alias), Some(target)) =
                            (&leaf.alias, self.module_at(m, leaf.target()))
                        {
                            aliases.push((target, alias.clone()));
                        }
                    }
                }
            }
        }
        for (target, alias) in aliases {
            self.modules[target].names.insert(alias);
        }
    }

    /// The child of module `m` named `name`.
    pub fn child(&self, m: usize, name: &str) -> Option<usize> {
        self.modules[m]
            .children
            .iter()
            .map(|&(_, c)| c)
            .find(|&c| self.modules[c].name == name)
    }

    /// The module that `path`, written in module `m`, names, if it names one.
    pub fn module_at(&self, m: usize, path: &[String]) -> Option<usize> {
        let (at, rest) = self.walk(m, path);
        match (at, rest) {
            (Some(at), []) => Some(at),
            _ => None,
        }
    }

    /// Follows the module part of `path` written in module `m`: the module
    /// reached (if it starts with one) and the segments after it. A name
    /// that a `use` binds to a module (`use crate::io::{self as input}`)
    /// is that module.
    fn walk<'p>(&self, m: usize, path: &'p [String]) -> (Option<usize>, &'p [String]) {
        self.walk_at(m, path, 0)
    }

    fn walk_at<'p>(
        &self,
        m: usize,
        path: &'p [String],
        depth: usize,
    ) -> (Option<usize>, &'p [String]) {
        let Some(first) = path.first() else {
            return (None, path);
        };
        let mut at = match first.as_str() {
            "crate" => Some(0),
            "self" => Some(m),
            "super" => self.modules[m].parent,
            name => self
                .child(m, name)
                .or_else(|| self.module_bound(m, name, depth)),
        };
        if at.is_none() {
            return (None, path);
        }
        let mut rest = &path[1..];
        while let (Some(here), Some(next)) = (at, rest.first()) {
            let step = match next.as_str() {
                "super" => self.modules[here].parent,
                name => self.child(here, name),
            };
            match step {
                Some(step) => {
                    at = Some(step);
                    rest = &rest[1..];
                }
                None => break,
            }
        }
        (at, rest)
    }

    /// The module that a `use` of module `m` binds to `name`, if any.
    fn module_bound(&self, m: usize, name: &str, depth: usize) -> Option<usize> {
        if depth > MAX_DEPTH {
            return None;
        }
        // Asked for every path that starts with a name of no module: the
        // answers from the top (not cut short by the depth) are kept.
        if depth == 0 {
            let key = (m, name.to_string());
            if let Some(&known) = self.bound.borrow().get(&key) {
                return known;
            }
            let found = self.module_bound(m, name, 1);
            self.bound.borrow_mut().insert(key, found);
            return found;
        }
        let bound = self
            .leaves(m)
            .filter(|leaf| leaf.binding() == Some(name))
            .find_map(|leaf| match self.walk_at(m, leaf.target(), depth + 1) {
                (Some(at), []) => Some(at),
                _ => None,
            });
        // A glob import brings its module's children and bindings too.
        bound.or_else(|| {
            self.leaves(m)
                .filter(|leaf| leaf.is_glob())
                .find_map(|leaf| {
                    let target = match self.walk_at(m, leaf.target(), depth + 1) {
                        (Some(at), []) => at,
                        _ => return None,
                    };
                    self.child(target, name)
                        .or_else(|| self.module_bound(target, name, depth + 1))
                })
        })
    }

    /// The leaves of the `use` items of module `m`.
    fn leaves(&self, m: usize) -> impl Iterator<Item = &Leaf> {
        self.modules[m]
            .items
            .iter()
            .filter(|item| !item.test_only)
            .flat_map(|item| match &item.what {
                What::Use(leaves) => leaves.as_slice(),
                _ => &[],
            })
    }

    /// The items of the sources that `path`, written in module `m`, names
    /// (or whose associated item it names: `Frame::new` gives `Frame`),
    /// as (module, item index), through `use` items and glob imports:
    /// none for a module, a std item, a local or a generic parameter.
    pub fn items_at(&self, m: usize, path: &[String]) -> Vec<(usize, usize)> {
        let mut found = Vec::new();
        self.items_at_into(m, path, 0, &mut found);
        found
    }

    fn items_at_into(
        &self,
        m: usize,
        path: &[String],
        depth: usize,
        found: &mut Vec<(usize, usize)>,
    ) {
        if depth > MAX_DEPTH {
            return;
        }
        match self.walk_at(m, path, depth) {
            (Some(at), [name, ..]) => self.named_in(at, name, depth, found),
            (Some(_), []) => {}
            (None, _) => match path.first().map(String::as_str) {
                None | Some("" | "?" | "Self") => {}
                Some(name) => self.named_in(m, name, depth, found),
            },
        }
    }

    /// The items that `name` alone, in module `m`, may be: its own items
    /// of that name, what its `use` items bind to it, else what its glob
    /// imports bring of that name.
    fn named_in(&self, m: usize, name: &str, depth: usize, found: &mut Vec<(usize, usize)>) {
        let before = found.len();
        for (i, item) in self.modules[m].items.iter().enumerate() {
            let defines = matches!(
                item.what,
                What::Type | What::Value | What::Trait | What::Macro
            );
            if defines && !item.test_only && item.name.as_deref() == Some(name) {
                found.push((m, i));
            }
        }
        let leaves: Vec<&Leaf> = self.leaves(m).collect();
        for leaf in &leaves {
            if !leaf.is_glob() && leaf.binding() == Some(name) {
                self.items_at_into(m, leaf.target(), depth + 1, found);
            }
        }
        if found.len() == before {
            for leaf in leaves.iter().filter(|leaf| leaf.is_glob()) {
                if let Some(target) = self.module_at(m, leaf.target()) {
                    self.named_in(target, name, depth + 1, found);
                }
            }
        }
    }

    /// What `path`, written in module `m` (in an `impl` or `trait` for
    /// `self_name`), may name.
    pub fn resolve(&self, m: usize, self_name: Option<&str>, path: &[String], out: &mut Vec<Ref>) {
        let path: Vec<String> = match (path.first().map(String::as_str), self_name) {
            (None | Some(""), _) => return,
            (Some("Self"), Some(name)) => std::iter::once(name.to_string())
                .chain(path[1..].iter().cloned())
                .collect(),
            _ => path.to_vec(),
        };
        let (at, rest) = self.walk(m, &path);
        let named_from = match at {
            Some(at) => {
                if !matches!(path[0].as_str(), "crate" | "self" | "super") {
                    // The child module or the `use` that the path starts at.
                    out.push(Ref::Head(m, path[0].clone()));
                }
                if let Some(first) = rest.first() {
                    out.push(Ref::In(at, first.clone()));
                }
                path.len() - rest.len()
            }
            None => {
                if path[0] != "?" {
                    out.push(Ref::Head(m, path[0].clone()));
                }
                0
            }
        };
        for pair in path[named_from..].windows(2) {
            out.push(Ref::Named(pair[0].clone(), pair[1].clone()));
        }
    }
}

fn shown(path: &str) -> String {
    if path.is_empty() {
        "the root module".to_string()
    } else {
        format!("module `{}`", path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(path: &str) -> Vec<String> {
        path.split("::").map(String::from).collect()
    }

    #[test]
    fn the_mount_is_dropped_from_paths_and_nowhere_else() {
        let src = "use crate::core::io::{self, X};\n// crate::core::x\nfn f() { crate :: core :: a::b(\"crate::core::\") }";
        let (text, tokens) = unmount(src, "core").unwrap();
        assert_eq!(
            text,
            "use crate::io::{self, X};\n// crate::core::x\nfn f() { crate ::  a::b(\"crate::core::\") }"
        );
        // The tokens are those of the new text.
        assert_eq!(tokens, lex(&text).unwrap());
    }

    #[test]
    fn files_become_nested_modules() {
        let files = [
            ("", "pub mod io;\nmod inline { pub mod deep { pub fn f() {} } }\n#[cfg(test)]\nmod tests;\n"),
            ("io", "//! Io.\npub mod lines;\npub use self::lines::Lines;\n"),
            ("io::lines", "pub struct Lines;\n"),
        ];
        let tree = Tree::build(&files, "core", "fn main() {}").unwrap();
        let names: Vec<&str> = tree.modules.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, ["", "io", "lines", "inline", "deep"]);
        assert_eq!(tree.modules[2].parent, Some(1));
        assert_eq!(
            tree.modules[0].items.last().unwrap().name.as_deref(),
            Some("main")
        );
        let io = &tree.modules[1];
        assert_eq!(&tree.files[io.file][io.inner.0..io.inner.1], "//! Io.");
        let missing = Tree::build(&[("", "mod gone;")], "core", "").err().unwrap();
        assert_eq!(
            missing,
            "`mod gone;` in the root module: no file for module `gone`"
        );
    }

    #[test]
    fn paths_resolve_to_modules_items_and_names() {
        let files = [
            ("", "pub mod io;\npub mod game;\n"),
            ("io", "pub mod lines;\n"),
            ("io::lines", ""),
            ("game", "use crate::io::{self as input};\n"),
        ];
        let tree = Tree::build(&files, "core", "").unwrap();
        let (io, lines, game) = (1, 2, 3);
        let resolve = |m: usize, self_name: Option<&str>, path: &str| {
            let mut out = Vec::new();
            tree.resolve(m, self_name, &strings(path), &mut out);
            out
        };
        let named = |a: &str, b: &str| Ref::Named(a.into(), b.into());
        assert_eq!(
            resolve(game, None, "crate::io::lines::Lines"),
            [Ref::In(lines, "Lines".into())]
        );
        assert_eq!(
            resolve(lines, None, "super::super::game::f"),
            [Ref::In(game, "f".into())]
        );
        assert_eq!(
            resolve(io, None, "lines::Lines::new"),
            [
                Ref::Head(io, "lines".into()),
                Ref::In(lines, "Lines".into()),
                named("Lines", "new")
            ]
        );
        assert_eq!(
            resolve(game, None, "input::shown"),
            [Ref::Head(game, "input".into()), Ref::In(io, "shown".into())]
        );
        assert_eq!(
            resolve(game, Some("Frame"), "Self::new"),
            [Ref::Head(game, "Frame".into()), named("Frame", "new")]
        );
        assert_eq!(resolve(game, None, "?::new"), [named("?", "new")]);
        assert!(resolve(game, None, "::std::mem").is_empty());
        assert!(resolve(game, None, "crate::io").is_empty());
        assert!(tree.modules[io].names.contains("input"));
        assert_eq!(
            tree.module_at(game, &strings("super::io::lines")),
            Some(lines)
        );
    }

    #[test]
    fn names_resolve_to_items_through_uses_and_globs_by_module() {
        let files = [
            ("", "pub mod a;\npub mod b;\n"),
            (
                "a",
                "pub mod parse;\npub mod strict;\npub use self::parse::Checks as C;\n",
            ),
            (
                "a::parse",
                "pub trait Checks {}\npub struct Tolerant;\nfn f() {}\n",
            ),
            ("a::strict", "use super::parse::Checks;\nuse super::*;\n"),
            ("b", "pub mod parse;\nuse crate::a::parse as p;\n"),
            ("b::parse", "pub trait Checks {}\n"),
        ];
        let tree = Tree::build(&files, "core", "").unwrap();
        let (a, a_parse, a_strict, b, b_parse) = (1, 2, 3, 4, 5);
        let at = |m: usize, path: &str| tree.items_at(m, &strings(path));
        assert_eq!(at(a_strict, "Checks"), [(a_parse, 0)]);
        assert_eq!(at(b_parse, "Checks"), [(b_parse, 0)]);
        assert_eq!(at(b, "parse::Checks"), [(b_parse, 0)]);
        assert_eq!(at(b, "p::Tolerant::new"), [(a_parse, 1)]);
        assert_eq!(at(a, "C"), [(a_parse, 0)]);
        assert_eq!(at(a_strict, "C"), [(a_parse, 0)]);
        assert_eq!(at(a_strict, "parse::f"), [(a_parse, 2)]);
        assert!(at(a_strict, "Unknown").is_empty());
        assert!(at(b, "std::io::Write").is_empty());
        assert!(at(a, "parse").is_empty());
    }
}
