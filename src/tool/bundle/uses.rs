//! `use` trees: read into leaves (one per name brought into scope), so that
//! the bundler can keep only the names kept code uses, and written back
//! from the leaves that are left, grouped by their common prefixes
//! (`use std::io::{self, Read, Write}` may become `use std::io::Write`).

/// One name a `use` brings into scope: its path as written, ending in
/// `self` or `*` for those forms; a leading `::` is an empty first segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaf {
    pub path: Vec<String>,
    pub alias: Option<String>,
}

impl Leaf {
    pub fn is_glob(&self) -> bool {
        self.last() == "*"
    }

    fn last(&self) -> &str {
        self.path.last().map_or("", String::as_str)
    }

    /// The name it binds: its alias, its last segment, or for `self` the
    /// module's own name; `None` for a glob.
    pub fn binding(&self) -> Option<&str> {
        if let Some(alias) = &self.alias {
            return Some(alias);
        }
        match self.last() {
            "*" => None,
            "self" => self.target().last().map(String::as_str),
            name => Some(name),
        }
    }

    /// The path of what it names (without a final `self` or `*`).
    pub fn target(&self) -> &[String] {
        match self.last() {
            "self" | "*" => &self.path[..self.path.len() - 1],
            _ => &self.path,
        }
    }
}

/// The leaves of the tree in `texts`, the tokens between `use` and `;`.
pub fn parse(texts: &[&str]) -> Result<Vec<Leaf>, String> {
    let mut reader = Reader { texts, pos: 0 };
    let mut leaves = Vec::new();
    reader.tree(Vec::new(), &mut leaves)?;
    match texts.get(reader.pos) {
        None => Ok(leaves),
        Some(extra) => Err(format!("unexpected `{}` in a use tree", extra)),
    }
}

struct Reader<'a, 'b> {
    texts: &'a [&'b str],
    pos: usize,
}

impl Reader<'_, '_> {
    fn peek(&self) -> &str {
        self.texts.get(self.pos).copied().unwrap_or("")
    }

    fn next(&mut self) -> String {
        let text = self.peek().to_string();
        self.pos += 1;
        text
    }

    fn tree(&mut self, mut path: Vec<String>, out: &mut Vec<Leaf>) -> Result<(), String> {
        if self.peek() == "::" {
            self.pos += 1;
            path.push(String::new());
        }
        loop {
            match self.peek() {
                "{" => {
                    self.pos += 1;
                    while self.peek() != "}" {
                        self.tree(path.clone(), out)?;
                        match self.peek() {
                            "," => self.pos += 1,
                            "}" => {}
                            other => {
                                return Err(format!(
                                    "expected `,` or `}}` in a use tree, found `{}`",
                                    other
                                ))
                            }
                        }
                    }
                    self.pos += 1;
                    return Ok(());
                }
                "*" => {
                    path.push(self.next());
                    out.push(Leaf { path, alias: None });
                    return Ok(());
                }
                word if word.starts_with(|c: char| super::lex::is_ident_start(c)) => {
                    path.push(self.next());
                    if self.peek() == "::" {
                        self.pos += 1;
                        continue;
                    }
                    let alias = if self.peek() == "as" {
                        self.pos += 1;
                        Some(self.next())
                    } else {
                        None
                    };
                    out.push(Leaf { path, alias });
                    return Ok(());
                }
                other => return Err(format!("unexpected `{}` in a use tree", other)),
            }
        }
    }
}

/// A prefix tree of leaves, to write them back grouped.
#[derive(Default)]
struct Node {
    segment: String,
    /// Leaves that end at this segment, by their aliases.
    ends: Vec<Option<String>>,
    children: Vec<Node>,
}

impl Node {
    fn insert(&mut self, path: &[String], alias: &Option<String>) {
        let Some((first, rest)) = path.split_first() else {
            self.ends.push(alias.clone());
            return;
        };
        let at = match self.children.iter().position(|c| &c.segment == first) {
            Some(at) => at,
            None => {
                self.children.push(Node {
                    segment: first.clone(),
                    ..Node::default()
                });
                self.children.len() - 1
            }
        };
        self.children[at].insert(rest, alias);
    }

    /// The entries of a group for the leaves under this node's parent.
    fn entries(&self) -> Vec<String> {
        let mut entries: Vec<String> = self
            .ends
            .iter()
            .map(|alias| match alias {
                Some(alias) => format!("{} as {}", self.segment, alias),
                None => self.segment.clone(),
            })
            .collect();
        let inner = children_entries(&self.children);
        // `a::self` alone is no path: it stays in braces.
        if inner.len() == 1 && !inner[0].starts_with("self") {
            entries.push(format!("{}::{}", self.segment, inner[0]));
        } else if !inner.is_empty() {
            entries.push(format!("{}::{{{}}}", self.segment, inner.join(", ")));
        }
        entries
    }
}

fn children_entries(children: &[Node]) -> Vec<String> {
    children.iter().flat_map(Node::entries).collect()
}

/// The tree of `leaves` as it follows `use `, without the `;`.
pub fn render(leaves: &[&Leaf]) -> String {
    let mut root = Node::default();
    for leaf in leaves {
        root.insert(&leaf.path, &leaf.alias);
    }
    let entries = children_entries(&root.children);
    if entries.len() <= 1 {
        entries.into_iter().next().unwrap_or_default()
    } else {
        format!("{{{}}}", entries.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tool::bundle::lex::lex;

    fn leaves(tree: &str) -> Vec<Leaf> {
        let tokens = lex(tree).unwrap();
        let texts: Vec<&str> = tokens.iter().map(|t| t.text(tree)).collect();
        parse(&texts).unwrap()
    }

    fn kept(tree: &str, keep: &[&str]) -> String {
        let all = leaves(tree);
        let kept: Vec<&Leaf> = all
            .iter()
            .filter(|l| keep.contains(&l.binding().unwrap_or("*")))
            .collect();
        render(&kept)
    }

    #[test]
    fn leaves_bind_names_aliases_and_modules() {
        let all = leaves("crate::io::{self as input, shown, Error, lines::{Line, Lines as L}}");
        let bindings: Vec<Option<&str>> = all.iter().map(Leaf::binding).collect();
        assert_eq!(
            bindings,
            [
                Some("input"),
                Some("shown"),
                Some("Error"),
                Some("Line"),
                Some("L")
            ]
        );
        assert_eq!(all[0].target(), ["crate", "io"]);
        assert_eq!(all[4].path, ["crate", "io", "lines", "Lines"]);
        let glob = leaves("super::*");
        assert!(glob[0].is_glob());
        assert_eq!(glob[0].binding(), None);
        assert_eq!(leaves("::std::fmt")[0].path, ["", "std", "fmt"]);
        assert_eq!(leaves("std::io::{self}")[0].binding(), Some("io"));
    }

    #[test]
    fn pruned_trees_are_written_back_grouped() {
        let tree = "std::io::{self, BufRead, Read, Write}";
        assert_eq!(kept(tree, &["io", "BufRead", "Read", "Write"]), tree);
        assert_eq!(kept(tree, &["Write"]), "std::io::Write");
        assert_eq!(kept(tree, &["io"]), "std::io::{self}");
        assert_eq!(kept(tree, &["io", "Read"]), "std::io::{self, Read}");
        assert_eq!(kept(tree, &[]), "");
        let tree = "crate::io::{self as input, shown, lines::{Line, Lines}}";
        assert_eq!(
            kept(tree, &["input", "Lines"]),
            "crate::io::{self as input, lines::Lines}"
        );
        assert_eq!(
            kept(tree, &["shown", "Line", "Lines"]),
            "crate::io::{shown, lines::{Line, Lines}}"
        );
        assert_eq!(kept("{a::b, c::d}", &["b", "d"]), "{a::b, c::d}");
        assert_eq!(kept("a::{b, b::c}", &["b", "c"]), "a::{b, b::c}");
    }

    #[test]
    fn malformed_trees_are_errors() {
        for tree in ["a::{b c}", "a::", "a b", "{a"] {
            let tokens = lex(tree).unwrap();
            let texts: Vec<&str> = tokens.iter().map(|t| t.text(tree)).collect();
            assert!(parse(&texts).is_err(), "{}", tree);
        }
    }
}
