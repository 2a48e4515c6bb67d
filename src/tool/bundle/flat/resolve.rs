//! What a name or a path names in the nested bundle, from the module it is
//! written in: one of the bundle's modules, items or enum variants, or
//! something of std's (through a `use`). Names of no module-level binding
//! (prelude names, generic parameters, locals) are not found.

use super::walk::{Impl, Walk};

/// What a path names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entity {
    Module(usize),
    /// An item, by its index in `Walk::decls`.
    Item(usize),
    /// A variant of an enum of the bundle (its index in `Walk::decls`).
    Variant(usize, String),
    /// Something outside the bundle, by its full path.
    Foreign(Vec<String>),
}

/// How many `use` items a name is followed through: more is a cycle.
const MAX_DEPTH: usize = 16;

impl Walk {
    /// What `name` is in module `m`, as the head of a longer path (where a
    /// module comes first) or alone (where it comes last).
    pub fn lookup(&self, m: usize, name: &str, head: bool, depth: usize) -> Option<Entity> {
        if depth > MAX_DEPTH {
            return None;
        }
        let child = self.modules[m].children.get(name);
        match (head, child) {
            (true, Some(&child)) => Some(Entity::Module(child)),
            (false, Some(&child)) => self
                .lookup_item(m, name, head, depth)
                .or(Some(Entity::Module(child))),
            (_, None) => self.lookup_item(m, name, head, depth),
        }
    }

    /// What `name` is in module `m`, its child modules aside.
    fn lookup_item(&self, m: usize, name: &str, head: bool, depth: usize) -> Option<Entity> {
        let module = &self.modules[m];
        if let Some(&d) = module.items.get(name) {
            return Some(Entity::Item(d));
        }
        let explicit = module.leaves.iter().filter(|l| !l.is_glob());
        for leaf in explicit {
            if leaf.binding() == Some(name) {
                return self.resolve_use(m, leaf.target(), depth + 1);
            }
        }
        // Names of glob imports yield to the module's own.
        for leaf in module.leaves.iter().filter(|l| l.is_glob()) {
            match self.resolve_use(m, leaf.target(), depth + 1) {
                Some(Entity::Module(x)) => {
                    if let Some(found) = self.lookup(x, name, head, depth + 1) {
                        return Some(found);
                    }
                }
                Some(Entity::Item(d)) if self.decls[d].variants.iter().any(|v| v == name) => {
                    return Some(Entity::Variant(d, name.to_string()));
                }
                _ => {}
            }
        }
        None
    }

    /// What the path of a `use` of module `m` names; `None` when it goes
    /// through the bundle to nothing there.
    pub fn resolve_use(&self, m: usize, path: &[String], depth: usize) -> Option<Entity> {
        let (first, rest) = path.split_first()?;
        let mut at = match first.as_str() {
            "crate" => Entity::Module(0),
            "self" => Entity::Module(m),
            "super" => Entity::Module(self.modules[m].parent),
            "" | "std" | "core" | "alloc" => return Some(Entity::Foreign(path.to_vec())),
            name => {
                let head = !rest.is_empty();
                // Edition 2018 reads it from the module, 2015 from the root.
                let found = self
                    .lookup(m, name, head, depth)
                    .or_else(|| self.lookup(0, name, head, depth));
                match found {
                    Some(at) => at,
                    None => return Some(Entity::Foreign(path.to_vec())),
                }
            }
        };
        for (k, segment) in rest.iter().enumerate() {
            at = self.step(at, segment, k + 1 < rest.len(), depth)?;
        }
        Some(at)
    }

    /// What `segment` after `at` names; `head` when more segments follow.
    pub fn step(&self, at: Entity, segment: &str, head: bool, depth: usize) -> Option<Entity> {
        match at {
            Entity::Module(x) => match segment {
                "super" => Some(Entity::Module(self.modules[x].parent)),
                "self" => Some(Entity::Module(x)),
                _ => self.lookup(x, segment, head, depth + 1),
            },
            Entity::Item(d) if self.decls[d].variants.iter().any(|v| v == segment) => {
                Some(Entity::Variant(d, segment.to_string()))
            }
            Entity::Foreign(mut path) => {
                path.push(segment.to_string());
                Some(Entity::Foreign(path))
            }
            Entity::Item(_) | Entity::Variant(..) => None,
        }
    }

    /// Whether the trait `d` is in scope in module `m`: declared there or
    /// imported, under any name.
    pub fn in_scope(&self, m: usize, d: usize) -> bool {
        if self.decls[d].module == m {
            return true;
        }
        self.modules[m]
            .leaves
            .iter()
            .any(|leaf| match self.resolve_use(m, leaf.target(), 0) {
                Some(Entity::Item(found)) => found == d,
                Some(Entity::Module(x)) if leaf.is_glob() => {
                    self.lookup(x, &self.decls[d].name, false, 0) == Some(Entity::Item(d))
                }
                _ => false,
            })
    }

    /// The bundle's trait that `imp` implements, if it is one.
    pub fn trait_of(&self, imp: &Impl) -> Option<usize> {
        self.item_at(imp.module, imp.trait_path.as_deref())
    }

    /// The bundle's struct, enum or union that `imp` is for, if it is one.
    pub fn type_of(&self, imp: &Impl) -> Option<usize> {
        self.item_at(imp.module, imp.self_path.as_deref())
            .filter(|&d| matches!(self.decls[d].keyword.as_str(), "struct" | "enum" | "union"))
    }

    fn item_at(&self, m: usize, path: Option<&[String]>) -> Option<usize> {
        match self.resolve_use(m, path?, 0)? {
            Entity::Item(d) => Some(d),
            _ => None,
        }
    }
}
