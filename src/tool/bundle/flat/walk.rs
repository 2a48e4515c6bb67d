//! The bundle's modules as the flattening reads them from its code tokens:
//! the `mod x { }` blocks, the items each one declares, its `use` items,
//! and the tokens that only the nested form needs (module wrappers). What
//! a flat bundle could not say the same way is an error: a module with
//! attributes of its own, a `mod x;`, a macro call or `extern crate` at
//! module level, two macros of one name.

use super::super::items::split_impl_header;
use super::super::rename::Code;
use super::super::uses::{self, Leaf};
use std::collections::{HashMap, HashSet};

/// One item that a module declares by name.
pub struct Decl {
    pub name: String,
    /// `fn`, `struct`, `const`, ...
    pub keyword: String,
    pub module: usize,
    /// The code token of its name.
    pub at: usize,
    /// An enum's variants.
    pub variants: Vec<String>,
    /// A trait's methods.
    pub methods: Vec<String>,
    /// Its `pub` token, if any.
    pub visibility: Option<usize>,
    /// The tokens that may name types of its public interface: a struct's
    /// header, the whole of an enum, a trait or a type alias.
    pub interface: (usize, usize),
}

/// A function of an `impl` or a trait.
pub struct Member {
    pub name: String,
    /// Its `pub` token, if any.
    pub visibility: Option<usize>,
    /// Its tokens up to its body.
    pub signature: (usize, usize),
}

/// An `impl` item: the paths of its trait and of its type as written
/// (generic arguments left out; no type path for `&T`, `[T]`, `(A, B)`),
/// and its functions.
pub struct Impl {
    pub module: usize,
    pub trait_path: Option<Vec<String>>,
    pub self_path: Option<Vec<String>>,
    pub methods: Vec<Member>,
}

/// A `use` item at module level.
pub struct UseItem {
    pub module: usize,
    /// Its first token (an attribute, maybe), its `use` and past its `;`.
    pub start: usize,
    pub keyword: usize,
    pub end: usize,
    pub leaves: Vec<Leaf>,
}

impl UseItem {
    pub fn attributed(&self, code: &Code) -> bool {
        code.t(self.start) == "#"
    }
}

#[derive(Default)]
pub struct Module {
    pub parent: usize,
    pub children: HashMap<String, usize>,
    /// Declared items by name: their indexes in `Walk::decls`.
    pub items: HashMap<String, usize>,
    pub leaves: Vec<Leaf>,
}

/// The modules of a bundle and what the flattening needs of each token.
pub struct Walk {
    pub modules: Vec<Module>,
    pub decls: Vec<Decl>,
    pub uses: Vec<UseItem>,
    pub impls: Vec<Impl>,
    pub module_of: Vec<usize>,
    /// Tokens of module wrappers (`pub mod x {` and its `}`).
    pub wrapper: Vec<bool>,
    /// Tokens of attributes, whose words are no paths.
    pub attribute: Vec<bool>,
    /// Tokens of `macro_rules!` bodies.
    pub macro_body: Vec<bool>,
    /// Tokens that declare a module-level item or a member of an `impl` or
    /// a trait: any other declaration is local.
    pub declared_at: HashSet<usize>,
    /// Names of generic parameters.
    pub generics: HashSet<String>,
}

impl Walk {
    pub fn of(code: &Code) -> Result<Walk, String> {
        let n = code.text.len();
        let mut walk = Walk {
            modules: vec![Module::default()],
            decls: Vec::new(),
            uses: Vec::new(),
            impls: Vec::new(),
            module_of: vec![0; n],
            wrapper: vec![false; n],
            attribute: vec![false; n],
            macro_body: vec![false; n],
            declared_at: HashSet::new(),
            generics: HashSet::new(),
        };
        for i in 0..n {
            if code.t(i) == "#" && !walk.attribute[i] {
                let open = if code.t(i + 1) == "!" { i + 2 } else { i + 1 };
                if code.t(open) == "[" {
                    walk.attribute[i..code.past(open)].fill(true);
                }
            }
        }
        let mut macros = HashSet::new();
        walk.region(code, 0, n, 0, &mut macros)?;
        Ok(walk)
    }

    /// The items of module `m` in tokens `from..to`.
    fn region(
        &mut self,
        code: &Code,
        from: usize,
        to: usize,
        m: usize,
        macros: &mut HashSet<String>,
    ) -> Result<(), String> {
        let t = |i: usize| code.t(i);
        let mut i = from;
        while i < to {
            let start = i;
            if t(i) == "#" && t(i + 1) == "!" {
                if m != 0 {
                    return Err("an inner attribute in a module".to_string());
                }
                i = code.past(i + 2);
                continue;
            }
            while t(i) == "#" {
                i = code.past(i + 1);
            }
            let visibility = Some(i).filter(|&i| t(i) == "pub");
            if visibility.is_some() {
                i += 1;
                if t(i) == "(" && matches!(t(i + 1), "crate" | "self" | "super" | "in") {
                    i = code.past(i);
                }
            }
            loop {
                match t(i) {
                    "unsafe" | "async" => i += 1,
                    "const" if matches!(t(i + 1), "fn" | "unsafe" | "async" | "extern") => i += 1,
                    "extern" if !matches!(t(i + 1), "crate" | "{") => {
                        i += 1;
                        if t(i).starts_with('"') {
                            i += 1;
                        }
                    }
                    _ => break,
                }
            }
            let keyword = i;
            let end = match t(i) {
                "mod" => {
                    if start != keyword && t(start) == "#" {
                        return Err("an attribute on a module".to_string());
                    }
                    if !code.is_ident(i + 1) || t(i + 2) != "{" {
                        return Err(format!("`mod {}` without a body", t(i + 1)));
                    }
                    let close = code.past(i + 2) - 1;
                    let child = self.modules.len();
                    self.modules.push(Module {
                        parent: m,
                        ..Module::default()
                    });
                    self.modules[m].children.insert(t(i + 1).to_string(), child);
                    self.wrapper[start..i + 3].fill(true);
                    self.wrapper[close] = true;
                    self.module_of[start..i + 3].fill(m);
                    self.module_of[close] = m;
                    self.region(code, i + 3, close, child, macros)?;
                    i = close + 1;
                    continue;
                }
                "use" => {
                    let end = (i..to).find(|&j| t(j) == ";").unwrap_or(to);
                    let leaves = uses::parse(&code.text[i + 1..end])?;
                    self.modules[m].leaves.extend(leaves.iter().cloned());
                    self.uses.push(UseItem {
                        module: m,
                        start,
                        keyword,
                        end: end + 1,
                        leaves,
                    });
                    end + 1
                }
                "fn" | "struct" | "enum" | "union" | "trait" | "type" | "const" | "static" => {
                    let name_at = if t(i) == "static" && t(i + 1) == "mut" {
                        i + 2
                    } else {
                        i + 1
                    };
                    if !code.is_ident(name_at) {
                        return Err(format!("`{}` without a name", t(i)));
                    }
                    if t(name_at + 1) == "<" {
                        self.generics_at(code, name_at + 1);
                    }
                    let braced = !matches!(t(i), "const" | "static" | "type");
                    let (end, body) = item_end(code, name_at + 1, to, braced)?;
                    let mut decl = Decl {
                        name: t(name_at).to_string(),
                        keyword: t(i).to_string(),
                        module: m,
                        at: name_at,
                        variants: Vec::new(),
                        methods: Vec::new(),
                        visibility,
                        interface: match t(i) {
                            "struct" | "union" => (i, body.unwrap_or(end)),
                            _ => (i, end),
                        },
                    };
                    match (t(i), body) {
                        ("enum", Some(open)) => decl.variants = variants(code, open),
                        ("trait", Some(open)) => {
                            let members = self.members(code, open);
                            decl.methods = members.into_iter().map(|m| m.name).collect();
                        }
                        _ => {}
                    }
                    if decl.name != "_" {
                        self.declare(decl)?;
                    }
                    end
                }
                "impl" => {
                    let mut header = i + 1;
                    if t(header) == "<" {
                        self.generics_at(code, header);
                        header = code.past_angles(header);
                    }
                    let (end, body) = item_end(code, header, to, true)?;
                    let open = body.ok_or("an `impl` without a body")?;
                    let (trait_path, self_path) = impl_header(code, header, open);
                    let methods = self.members(code, open);
                    self.impls.push(Impl {
                        module: m,
                        trait_path,
                        self_path,
                        methods,
                    });
                    end
                }
                "macro_rules" if t(i + 1) == "!" && code.is_ident(i + 2) => {
                    if !macros.insert(t(i + 2).to_string()) {
                        return Err(format!("two macros named `{}`", t(i + 2)));
                    }
                    let body_end = code.past(i + 3);
                    self.macro_body[i + 3..body_end].fill(true);
                    match t(i + 3) {
                        "{" => body_end,
                        _ => body_end + 1,
                    }
                }
                ";" => i + 1,
                other => return Err(format!("`{}` at module level", other)),
            };
            self.module_of[start..end.min(to)].fill(m);
            i = end;
        }
        Ok(())
    }

    fn declare(&mut self, decl: Decl) -> Result<(), String> {
        let d = self.decls.len();
        self.declared_at.insert(decl.at);
        let items = &mut self.modules[decl.module].items;
        if items.insert(decl.name.clone(), d).is_some() {
            // A type and a value of one name: rare, and not worth telling apart.
            return Err(format!("two items named `{}` in one module", decl.name));
        }
        self.decls.push(decl);
        Ok(())
    }

    /// The functions of the `impl` or trait body that opens at `open`; its
    /// members' names are noted as declared.
    fn members(&mut self, code: &Code, open: usize) -> Vec<Member> {
        let close = code.past(open) - 1;
        let mut functions = Vec::new();
        let mut visibility = None;
        let mut k = open + 1;
        while k < close {
            match code.t(k) {
                "{" => {
                    k = code.past(k);
                    visibility = None;
                }
                "(" | "[" => k = code.past(k),
                ";" => {
                    k += 1;
                    visibility = None;
                }
                "pub" => {
                    visibility = Some(k);
                    k += 1;
                }
                word @ ("fn" | "const" | "type") if code.is_ident(k + 1) => {
                    self.declared_at.insert(k + 1);
                    if word == "fn" {
                        let end = item_end(code, k + 2, close, true)
                            .map_or(close, |(end, body)| body.unwrap_or(end));
                        functions.push(Member {
                            name: code.t(k + 1).to_string(),
                            visibility,
                            signature: (k, end),
                        });
                    }
                    if code.t(k + 2) == "<" {
                        self.generics_at(code, k + 2);
                    }
                    k += 2;
                }
                _ => k += 1,
            }
        }
        functions
    }

    /// The generic parameters in the `<...>` that opens at `open`.
    fn generics_at(&mut self, code: &Code, open: usize) {
        let end = code.past_angles(open);
        let mut depth = 0i32;
        for j in open..end {
            match code.t(j) {
                "<" => depth += 1,
                ">" => depth -= 1,
                ">>" => depth -= 2,
                "const" => {}
                name if depth == 1 && code.is_ident(j) => {
                    let prev = code.before(j);
                    let starts = matches!(prev, "<" | ",")
                        || (prev == "const" && matches!(code.before(j - 1), "<" | ","));
                    if starts {
                        self.generics.insert(name.to_string());
                    }
                }
                _ => {}
            }
        }
    }
}

/// Past the item whose rest starts at `i`: its first `;` outside brackets,
/// or with `braced` its first braced group, whose `{` is returned too.
fn item_end(
    code: &Code,
    mut i: usize,
    to: usize,
    braced: bool,
) -> Result<(usize, Option<usize>), String> {
    while i < to {
        match code.t(i) {
            ";" => return Ok((i + 1, None)),
            "{" if braced => return Ok((code.past(i), Some(i))),
            "(" | "[" | "{" => i = code.past(i),
            _ => i += 1,
        }
    }
    Err("an item without an end".to_string())
}

/// The trait's and the type's paths of the `impl` header in `from..to`.
fn impl_header(code: &Code, from: usize, to: usize) -> (Option<Vec<String>>, Option<Vec<String>>) {
    let (split, end) = split_impl_header(|j| code.t(j), from, to);
    let path_in = |from: usize, to: usize| {
        let mut path = Vec::new();
        let mut j = from;
        while j < to && code.is_ident(j) && !matches!(code.t(j), "dyn" | "impl" | "fn") {
            path.push(code.t(j).to_string());
            if code.t(j + 1) != "::" {
                break;
            }
            j += 2;
        }
        Some(path).filter(|p| !p.is_empty())
    };
    match split {
        // A trait path that is none of these (`::std::fmt::Display`) is
        // an unknown trait.
        Some(at) => (
            Some(path_in(from, at).unwrap_or_default()),
            path_in(at + 1, end),
        ),
        None => (None, path_in(from, end)),
    }
}

/// The variants of the enum whose body opens at `open`.
fn variants(code: &Code, open: usize) -> Vec<String> {
    let close = code.past(open) - 1;
    let mut found = Vec::new();
    let mut j = open + 1;
    let mut start = true;
    while j < close {
        match code.t(j) {
            "#" => j = code.past(j + 1),
            "(" | "{" | "[" => j = code.past(j),
            "," => {
                start = true;
                j += 1;
            }
            name => {
                if start && code.is_ident(j) {
                    found.push(name.to_string());
                }
                start = false;
                j += 1;
            }
        }
    }
    found
}
