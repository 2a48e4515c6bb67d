//! Which items the bundle keeps: those that the root code (`fn main` of the
//! root module) reaches, found by name and conservatively, so that nothing
//! kept refers to something dropped, and as little as names allow is kept
//! that nothing uses (each such item is a dead-code warning).
//!
//! The rules, applied until nothing more is kept:
//! - an item is kept when kept code names it: alone in its own module,
//!   through a path to its module, or under one of its module's names;
//!   `#[cfg(test)]` and `#[test]` items never are;
//! - an inherent `impl` lives when its type is kept, and keeps the members
//!   that kept code calls (`.name(`, `Type::name`, `Self::name`; a field
//!   `.name` is no call);
//! - a trait `impl` is kept when its type is kept (or is no type of the
//!   sources) and its trait is kept or is no trait of the sources; both
//!   are the items their paths in the header name from the impl's module,
//!   through its `use` items (`tree.rs`), so that a trait of one module
//!   does not keep the impls of another of the same name. It keeps the
//!   members its trait keeps (all of them for a trait of std's);
//! - a trait is kept when named, or when its methods are called in its
//!   module; it keeps its methods without a default body, those that kept
//!   code calls, and its other members;
//! - a `use` keeps the leaves whose names kept code in its module uses, or
//!   whose trait's methods it calls (for std's traits, `std_traits.rs`);
//! - a module is kept when it keeps an item.

use super::items::{Item, What};
use super::mentions::Mentions;
use super::std_traits;
use super::tree::{Ref, Tree};
use std::collections::HashSet;

/// What is kept of one item: the item, its members, its `use` leaves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kept {
    pub item: bool,
    pub members: Vec<bool>,
    pub leaves: Vec<bool>,
}

/// The kept parts of every item of every module.
pub struct Reach {
    pub kept: Vec<Vec<Kept>>,
}

/// Everything kept code mentions, resolved.
#[derive(Default)]
struct Seen {
    refs: HashSet<Ref>,
    /// Names called after a dot, anywhere.
    methods: HashSet<String>,
    /// Names after another in a path (`Type::name`, `T::name`), anywhere.
    after_paths: HashSet<String>,
    /// Per module: names called after a dot or as the last segment of a
    /// path, which may call a trait's methods.
    calls: HashSet<(usize, String)>,
    macros: HashSet<String>,
    /// Kept glob imports of the sources' modules: (module, glob's module).
    globs: Vec<(usize, usize)>,
}

/// What one piece of code mentions, resolved in its module once.
#[derive(Default)]
struct Refs {
    refs: Vec<Ref>,
    /// Names that may call a method: called after a dot, or ending a path.
    calls: Vec<String>,
    methods: Vec<String>,
    macros: Vec<String>,
}

impl Refs {
    fn of(tree: &Tree, m: usize, self_name: Option<&str>, mentions: &Mentions) -> Refs {
        let mut found = Refs::default();
        for path in &mentions.paths {
            tree.resolve(m, self_name, path, &mut found.refs);
            if let [_, .., last] = path.as_slice() {
                found.calls.push(last.clone());
            }
        }
        found.calls.extend(mentions.methods.iter().cloned());
        found.methods = mentions.methods.clone();
        found.macros = mentions.macros.clone();
        found
    }
}

/// The mentions of every item and member of every module, resolved.
struct Resolved {
    /// Per module, per item: its own code's, then each member's.
    items: Vec<Vec<(Refs, Vec<Refs>)>>,
}

impl Resolved {
    fn of(tree: &Tree) -> Resolved {
        let items = tree
            .modules
            .iter()
            .enumerate()
            .map(|(m, module)| {
                module
                    .items
                    .iter()
                    .map(|item| {
                        let self_name = match &item.what {
                            What::Impl { self_path, .. } => self_path.last().map(String::as_str),
                            What::Trait => item.name.as_deref(),
                            _ => None,
                        };
                        let own = Refs::of(tree, m, self_name, &item.mentions);
                        let members = item
                            .members
                            .iter()
                            .map(|member| Refs::of(tree, m, self_name, &member.mentions))
                            .collect();
                        (own, members)
                    })
                    .collect()
            })
            .collect();
        Resolved { items }
    }
}

impl Seen {
    fn add(&mut self, m: usize, refs: &Refs) {
        self.refs.extend(refs.refs.iter().cloned());
        for call in &refs.calls {
            self.calls.insert((m, call.clone()));
        }
        self.methods.extend(refs.methods.iter().cloned());
        self.macros.extend(refs.macros.iter().cloned());
    }

    /// Whether kept code names item `name` of module `m`.
    fn names(&self, tree: &Tree, m: usize, name: &str) -> bool {
        self.refs.contains(&Ref::Head(m, name.to_string()))
            || self.refs.contains(&Ref::In(m, name.to_string()))
            || tree.modules[m]
                .names
                .iter()
                .any(|q| self.refs.contains(&Ref::Named(q.clone(), name.to_string())))
    }

    /// Whether kept code in module `m` calls one of `methods`.
    fn calls_any<'a>(&self, m: usize, mut methods: impl Iterator<Item = &'a str>) -> bool {
        methods.any(|name| self.calls.contains(&(m, name.to_string())))
    }

    /// Whether kept code calls a method of `trait_item`, defined in module
    /// `m`, where the trait is in scope without an import of its own: in
    /// `m`, or in a module that imports all of `m`.
    fn calls_trait(&self, m: usize, trait_item: &Item) -> bool {
        self.calls_any(m, member_names(trait_item))
            || self.globs.iter().any(|&(from, target)| {
                target == m && self.calls_any(from, member_names(trait_item))
            })
    }
}

/// The names of a trait's or an impl's members.
fn member_names(item: &Item) -> impl Iterator<Item = &str> {
    item.members.iter().filter_map(|m| m.name.as_deref())
}

impl Reach {
    /// What the root module's `fn main` reaches in `tree`.
    pub fn of(tree: &Tree) -> Reach {
        let mut reach = Reach {
            kept: tree
                .modules
                .iter()
                .map(|m| {
                    m.items
                        .iter()
                        .map(|item| Kept {
                            item: false,
                            members: vec![false; item.members.len()],
                            leaves: match &item.what {
                                What::Use(leaves) => vec![false; leaves.len()],
                                _ => Vec::new(),
                            },
                        })
                        .collect()
                })
                .collect(),
        };
        for (i, item) in tree.modules[0].items.iter().enumerate() {
            if item.name.as_deref() == Some("main") && item.what == What::Value {
                reach.kept[0][i].item = true;
            }
        }
        let resolved = Resolved::of(tree);
        while reach.grow(tree, &reach.seen(tree, &resolved)) {}
        reach
    }

    /// Everything the code kept so far mentions.
    fn seen(&self, tree: &Tree, resolved: &Resolved) -> Seen {
        let mut seen = Seen::default();
        for (m, module) in tree.modules.iter().enumerate() {
            for (i, (item, kept)) in module.items.iter().zip(&self.kept[m]).enumerate() {
                let (own, members) = &resolved.items[m][i];
                if kept.item || kept.members.contains(&true) {
                    seen.add(m, own);
                }
                for (member, &on) in members.iter().zip(&kept.members) {
                    if on {
                        seen.add(m, member);
                    }
                }
                if let What::Use(leaves) = &item.what {
                    for (leaf, &on) in leaves.iter().zip(&kept.leaves) {
                        match (on, leaf.is_glob()) {
                            (true, true) => {
                                let target = tree.module_at(m, leaf.target());
                                seen.globs.extend(target.map(|t| (m, t)));
                            }
                            (true, false) => {
                                let mut refs = Vec::new();
                                tree.resolve(m, None, leaf.target(), &mut refs);
                                seen.refs.extend(refs);
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
        // A name alone in a module with a glob import may be an item of
        // the glob's module.
        let through_globs: Vec<Ref> = seen
            .refs
            .iter()
            .flat_map(|r| match r {
                Ref::Head(m, name) => seen
                    .globs
                    .iter()
                    .filter(|(from, _)| from == m)
                    .map(|&(_, target)| Ref::In(target, name.clone()))
                    .collect(),
                _ => Vec::new(),
            })
            .collect();
        seen.refs.extend(through_globs);
        for r in &seen.refs {
            if let Ref::Named(_, name) = r {
                seen.after_paths.insert(name.clone());
            }
        }
        seen
    }

    /// Keeps what `seen` reaches; whether anything more was kept.
    fn grow(&mut self, tree: &Tree, seen: &Seen) -> bool {
        let mut grown = false;
        for (m, module) in tree.modules.iter().enumerate() {
            for (i, item) in module.items.iter().enumerate() {
                if item.test_only {
                    continue;
                }
                let next = self.next(tree, seen, m, item, &self.kept[m][i]);
                if next != self.kept[m][i] {
                    self.kept[m][i] = next;
                    grown = true;
                }
            }
        }
        grown
    }

    /// What is kept of `item` of module `m` once `seen` is, `now` being
    /// what is kept of it so far.
    fn next(&self, tree: &Tree, seen: &Seen, m: usize, item: &Item, now: &Kept) -> Kept {
        let mut kept = now.clone();
        let named = |item: &Item| has_name(item, |n| seen.names(tree, m, n));
        match &item.what {
            What::Value | What::Type => kept.item |= named(item),
            What::Macro => kept.item |= has_name(item, |n| seen.macros.contains(n)),
            What::Other => kept.item = true,
            What::Trait => {
                kept.item |= named(item) || seen.calls_trait(m, item);
                if kept.item {
                    let src = &tree.files[tree.modules[m].file];
                    for (member, on) in item.members.iter().zip(kept.members.iter_mut()) {
                        let called =
                            |n: &str| seen.methods.contains(n) || seen.after_paths.contains(n);
                        *on |= !member.test_only
                            && (member.what != What::Value
                                || !src[..member.end].ends_with('}')
                                || has_name(member, called));
                    }
                }
            }
            What::Impl {
                trait_path: Some(trait_path),
                self_path,
            } => {
                // A type or trait that is none of the sources' (a std one,
                // a generic parameter) counts as kept.
                let traits = defined(tree, m, trait_path, What::Trait);
                let types = defined(tree, m, self_path, What::Type);
                let kept_or_foreign = |found: &[(usize, usize)]| {
                    found.is_empty() || found.iter().any(|&(tm, ti)| self.kept[tm][ti].item)
                };
                if kept_or_foreign(&types) && kept_or_foreign(&traits) {
                    kept.item = true;
                    // What the trait keeps (a member it lacks stays).
                    let wanted = |name: Option<&str>| {
                        traits.is_empty()
                            || traits.iter().any(|&(tm, ti)| {
                                let members = &tree.modules[tm].items[ti].members;
                                match members.iter().position(|t| t.name.as_deref() == name) {
                                    Some(p) => self.kept[tm][ti].members[p],
                                    None => true,
                                }
                            })
                    };
                    for (member, on) in item.members.iter().zip(kept.members.iter_mut()) {
                        *on |= !member.test_only && wanted(member.name.as_deref());
                    }
                }
            }
            What::Impl {
                trait_path: None,
                self_path,
            } => {
                let self_name = self_path.last().cloned().unwrap_or_default();
                if type_kept(tree, &self.kept, m, self_path) {
                    let called = |n: &str| {
                        seen.methods.contains(n)
                            || seen
                                .refs
                                .contains(&Ref::Named(self_name.clone(), n.to_string()))
                            || seen
                                .refs
                                .contains(&Ref::Named("?".to_string(), n.to_string()))
                    };
                    for (member, on) in item.members.iter().zip(kept.members.iter_mut()) {
                        *on |= !member.test_only && has_name(member, called);
                    }
                }
            }
            What::Use(leaves) => {
                for (leaf, on) in leaves.iter().zip(kept.leaves.iter_mut()) {
                    *on |= leaf_used(tree, m, leaf, seen);
                }
            }
            What::ModFile | What::ModInline => {}
        }
        kept
    }

    /// Whether module `m` keeps anything, in itself or its children.
    pub fn keeps_module(&self, tree: &Tree, m: usize) -> bool {
        let module = &tree.modules[m];
        self.kept[m]
            .iter()
            .any(|k| k.item || k.members.contains(&true) || k.leaves.contains(&true))
            || module
                .children
                .iter()
                .any(|&(_, c)| self.keeps_module(tree, c))
    }
}

fn has_name(item: &Item, test: impl Fn(&str) -> bool) -> bool {
    item.name.as_deref().is_some_and(test)
}

/// The items of kind `what` that `path`, written in module `m`, names.
fn defined(tree: &Tree, m: usize, path: &[String], what: What) -> Vec<(usize, usize)> {
    let mut found = tree.items_at(m, path);
    found.retain(|&(tm, ti)| tree.modules[tm].items[ti].what == what);
    found
}

/// Whether the type at `path` that an inherent impl in module `m` is for
/// is kept; when the path is not resolved, whether any type of its name is.
fn type_kept(tree: &Tree, kept: &[Vec<Kept>], m: usize, path: &[String]) -> bool {
    let found = defined(tree, m, path, What::Type);
    if !found.is_empty() {
        return found.iter().any(|&(tm, ti)| kept[tm][ti].item);
    }
    let name = path.last().map(String::as_str);
    tree.modules.iter().enumerate().any(|(tm, module)| {
        module.items.iter().enumerate().any(|(ti, item)| {
            item.what == What::Type && item.name.as_deref() == name && kept[tm][ti].item
        })
    })
}

/// Whether kept code in module `m` uses `use` leaf `leaf`.
fn leaf_used(tree: &Tree, m: usize, leaf: &super::uses::Leaf, seen: &Seen) -> bool {
    if leaf.is_glob() {
        // A glob of one of the sources' modules is used when kept code in
        // `m` names an item of it or calls a method of a trait of it; any
        // other glob is kept as it is.
        return match tree.module_at(m, leaf.target()) {
            Some(target) => tree.modules[target].items.iter().any(|item| {
                has_name(item, |n| seen.refs.contains(&Ref::Head(m, n.to_string())))
                    || (item.what == What::Trait && seen.calls_any(m, member_names(item)))
            }),
            None => true,
        };
    }
    let target = leaf.target();
    if target.is_empty() {
        return false;
    }
    if leaf
        .binding()
        .is_some_and(|b| b != "_" && seen.names(tree, m, b))
    {
        return true;
    }
    // A trait brought into scope for its methods.
    if seen.calls_any(m, std_traits::methods(target).iter().copied()) {
        return true;
    }
    defined(tree, m, target, What::Trait)
        .iter()
        .any(|&(tm, ti)| seen.calls_any(m, member_names(&tree.modules[tm].items[ti])))
}

#[cfg(test)]
mod tests {
    use crate::tool::bundle::{assemble, Style};

    /// The readable bundle of `files` with root code `main`.
    fn bundled(files: &[(&str, &str)], main: &str) -> String {
        assemble(files, "core", main, Style::Readable, "").unwrap()
    }

    fn assert_kept(text: &str, kept: &[&str], dropped: &[&str]) {
        for k in kept {
            assert!(text.contains(k), "`{}` is missing from:\n{}", k, text);
        }
        for d in dropped {
            assert!(!text.contains(d), "`{}` is kept in:\n{}", d, text);
        }
    }

    #[test]
    fn unreferenced_items_and_methods_are_dropped() {
        let a = "pub struct Used { pub x: u8 }\npub struct Unused;\n\
                 impl Used {\n    pub fn new() -> Used { Used { x: HALF } }\n    pub fn dropped(&self) {}\n}\n\
                 impl Unused { pub fn new() -> Unused { Unused } }\n\
                 const HALF: u8 = 1;\nconst GONE: u8 = 2;\npub fn helper() {}\nmacro_rules! unused { () => {} }\n";
        let text = bundled(
            &[("", "pub mod a;\n"), ("a", a)],
            "fn main() { let u = crate::core::a::Used::new(); let _ = u.x; }",
        );
        assert_kept(
            &text,
            &[
                "pub struct Used",
                "pub fn new() -> Used",
                "const HALF",
                "crate::a::Used::new()",
            ],
            &["Unused", "dropped", "GONE", "helper", "macro_rules"],
        );
    }

    #[test]
    fn trait_impls_follow_their_type_and_trait() {
        let shapes = "use std::fmt;\npub trait Shape { fn area(&self) -> u32; fn twice(&self) -> u32 { 2 * self.area() } }\n\
                      pub trait Unused { fn nothing(&self); }\npub struct Square(pub u32);\npub struct Circle(pub u32);\n\
                      impl Shape for Square { fn area(&self) -> u32 { self.0 * self.0 } }\n\
                      impl Shape for Circle { fn area(&self) -> u32 { 3 * self.0 * self.0 } }\n\
                      impl Unused for Square { fn nothing(&self) {} }\n\
                      impl fmt::Display for Square { fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, \"{}\", self.0) } }\n\
                      impl fmt::Display for Circle { fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, \"o\") } }\n";
        let main = "use crate::core::shapes::Shape;\nfn main() { let s = crate::core::shapes::Square(2); println!(\"{} {}\", s, s.twice()); }";
        let text = bundled(&[("", "pub mod shapes;\n"), ("shapes", shapes)], main);
        assert_kept(
            &text,
            &[
                "pub trait Shape",
                "fn twice",
                "impl Shape for Square",
                "impl fmt::Display for Square",
                "use std::fmt;",
            ],
            &["Circle", "Unused", "nothing"],
        );
    }

    #[test]
    fn names_used_only_by_tests_are_not_kept() {
        let a = "pub fn run() {}\nfn only_tests() {}\n#[test]\nfn t() { only_tests(); }\n\
                 #[cfg(test)]\nmod tests {\n    use super::*;\n    fn u() { only_tests(); run(); }\n}\n";
        let text = bundled(
            &[("", "pub mod a;\n"), ("a", a)],
            "fn main() { crate::core::a::run(); }",
        );
        assert_kept(
            &text,
            &["pub fn run"],
            &["only_tests", "mod tests", "fn t()"],
        );
    }

    #[test]
    fn nested_modules_super_paths_and_same_names() {
        let files = [
            ("", "pub mod a;\npub mod b;\npub mod empty;\n"),
            ("a", "//! A.\npub mod inner;\npub fn run() -> u8 { self::inner::go() }\nfn helper() -> u8 { 1 }\nfn unused() {}\n"),
            ("a::inner", "pub fn go() -> u8 { super::helper() + super::super::b::VALUE }\n"),
            ("b", "pub const VALUE: u8 = 2;\npub fn run() {}\nmod deep { pub fn x() {} }\n"),
            ("empty", "pub fn nothing() {}\n"),
        ];
        let text = bundled(&files, "fn main() { crate::core::a::run(); }");
        assert_kept(
            &text,
            &[
                "pub mod a {\n//! A.",
                "pub mod inner {",
                "fn helper",
                "pub mod b {",
                "VALUE",
            ],
            &[
                "fn unused",
                "mod empty",
                "nothing",
                "mod deep",
                "pub fn run() {}",
            ],
        );
    }

    #[test]
    fn use_trees_keep_only_what_their_module_uses() {
        let files = [
            ("", "pub mod a;\npub mod b;\n"),
            ("a", "pub struct Used;\npub struct Unused;\npub fn helper() -> u8 { 1 }\npub fn other() {}\n"),
            (
                "b",
                "use crate::core::a::{self as first, Unused, Used};\nuse std::io::{self, Read, Write};\nuse std::fmt::Write as _;\n\
                 pub fn run(out: &mut dyn io::Write) -> Used { out.write_all(&[first::helper()]).unwrap(); Used }\n",
            ),
        ];
        let text = bundled(
            &files,
            "fn main() { crate::core::b::run(&mut std::io::sink()); }",
        );
        assert_kept(
            &text,
            &[
                "use crate::a::{self as first, Used};",
                "use std::io::{self, Write};",
                "pub fn helper",
                "pub struct Used;",
            ],
            &["Read", "Unused", "fmt::Write", "fn other"],
        );
    }

    #[test]
    fn re_exports_globs_and_trait_imports() {
        let files = [
            ("", "pub mod io;\npub mod game;\n"),
            ("io", "pub mod lines;\npub use self::lines::{Lines, Unused};\n"),
            ("io::lines", "pub struct Lines;\nimpl Lines { pub fn new() -> Lines { Lines } }\npub struct Unused;\n"),
            (
                "game",
                "pub mod rules;\nuse self::rules::*;\nuse self::rules::Score;\npub fn play() -> u32 { let board = Board; board.score() + start() }\n",
            ),
            (
                "game::rules",
                "pub struct Board;\npub trait Score { fn score(&self) -> u32; }\nimpl Score for Board { fn score(&self) -> u32 { 1 } }\n\
                 pub fn start() -> u32 { 0 }\npub fn unused() {}\n",
            ),
        ];
        let main = "fn main() { crate::core::io::Lines::new(); crate::core::game::play(); }";
        let text = bundled(&files, main);
        assert_kept(
            &text,
            &[
                "pub use self::lines::Lines;",
                "pub fn new",
                "use self::rules::*;",
                "use self::rules::Score;",
                "impl Score for Board",
                "pub fn start",
            ],
            &["Unused", "fn unused"],
        );
    }

    #[test]
    fn traits_and_impls_are_told_apart_by_module() {
        let files = [
            ("", "pub mod io;\npub mod one;\npub mod two;\n"),
            ("io", "pub trait Layout {}\npub struct Tolerant;\nimpl Layout for Tolerant {}\n"),
            ("one", "pub mod parse;\npub fn solve() { parse::go(&mut crate::core::io::Tolerant) }\n"),
            (
                "one::parse",
                "use crate::core::io::{Layout, Tolerant};\npub trait Checks: Layout { fn one(&self) {} }\n\
                 impl Checks for Tolerant {}\npub fn go<C: Checks>(c: &mut C) { c.one() }\n",
            ),
            ("two", "pub mod parse;\npub fn solve() {}\n"),
            (
                "two::parse",
                "use crate::core::io::{Layout, Tolerant};\npub trait Checks: Layout { fn two(&self) {} }\n\
                 impl Checks for Tolerant {}\n",
            ),
        ];
        let text = bundled(&files, "fn main() { crate::core::one::solve(); }");
        assert_kept(
            &text,
            &["fn one(&self)", "impl Checks for Tolerant", "impl Layout"],
            &["mod two", "fn two"],
        );
        assert_eq!(text.matches("impl Checks").count(), 1, "{}", text);
    }

    #[test]
    fn std_trait_imports_stay_for_their_methods() {
        let files = [
            ("", "pub mod a;\n"),
            (
                "a",
                "use std::collections::hash_map::RandomState;\nuse std::hash::{BuildHasher, Hash, Hasher};\n\
                 use std::io::Read;\npub fn key(s: &RandomState) -> u64 { let mut h = s.build_hasher(); h.write_u8(1); h.finish() }\n",
            ),
        ];
        let text = bundled(
            &files,
            "fn main() { crate::core::a::key(&Default::default()); }",
        );
        assert_kept(
            &text,
            &["use std::hash::{BuildHasher, Hasher};", "RandomState;"],
            &["Hash,", "Read"],
        );
    }

    #[test]
    fn uncalled_default_methods_and_field_namesakes_are_dropped() {
        let files = [
            ("", "pub mod a;\n"),
            (
                "a",
                "pub trait Layout { fn needed(&self) -> u8; fn called(&self) -> u8 { 1 } fn idle(&self) -> u8 { 2 } }\n\
                 pub struct Plain { pub count: u8 }\n\
                 impl Layout for Plain { fn needed(&self) -> u8 { self.count } fn idle(&self) -> u8 { 3 } }\n\
                 impl Plain { pub fn count(&self) -> u8 { self.count } }\n\
                 pub fn run<L: Layout>(l: &L) -> u8 { l.needed() + l.called() }\n",
            ),
        ];
        let text = bundled(
            &files,
            "fn main() { crate::core::a::run(&crate::core::a::Plain { count: 1 }); }",
        );
        assert_kept(
            &text,
            &[
                "fn needed(&self) -> u8;",
                "fn called",
                "fn needed(&self) -> u8 { self.count }",
            ],
            &["idle", "pub fn count"],
        );
    }
}
