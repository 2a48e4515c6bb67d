//! The readable form of a bundle: the kept items in their original text,
//! comments and layout, each module's files and inline blocks written as
//! nested `mod name { .. }` blocks. Only pruned `use` trees and `impl`
//! blocks with members left out are put together anew. The judge form is
//! this text minified. Where each item's text went is noted too, so that
//! the size of each item in the judge form can be told (`sizes`).

use super::items::{Item, What};
use super::lex::{lex, Token};
use super::reach::Reach;
use super::tree::Tree;
use super::uses::{self, Leaf};

/// Where an item's text is in the readable form: its name (with its
/// module's path, `Type::method` for a member of an impl) and its bytes.
pub struct Span {
    pub label: String,
    pub start: usize,
    pub end: usize,
}

/// The kept items of `tree`, from the root module down.
pub fn readable(tree: &Tree, reach: &Reach) -> String {
    readable_spans(tree, reach).0
}

/// The readable form, and where each item's text is in it.
pub fn readable_spans(tree: &Tree, reach: &Reach) -> (String, Vec<Span>) {
    let mut out = Out::default();
    // The root file's inner attributes apply to the whole bundle; its docs
    // describe the core, not the bundle, and are left out.
    let root = &tree.modules[0];
    let src = &tree.files[root.file];
    for attribute in inner_attributes(&src[root.inner.0..root.inner.1]) {
        out.push_str(attribute);
        out.push('\n');
    }
    module_body(tree, reach, 0, "", &mut out);
    (out.text, out.spans)
}

/// The text being written and its spans.
#[derive(Default)]
struct Out {
    text: String,
    spans: Vec<Span>,
}

impl Out {
    fn push_str(&mut self, text: &str) {
        self.text.push_str(text);
    }

    fn push(&mut self, c: char) {
        self.text.push(c);
    }

    /// Writes `text`, the text of `item` from byte `from` of its file on,
    /// noting its span and its members'.
    fn item(&mut self, label: &str, item: &Item, from: usize, text: &str) {
        let start = self.text.len();
        self.text.push_str(text);
        let end = self.text.len();
        // The item first: a member's span, as long when it is all that is
        // written, then counts for the member.
        self.spans.push(Span {
            label: label.to_string(),
            start,
            end,
        });
        for member in &item.members {
            if member.lead >= from && member.tail <= from + text.len() {
                self.spans.push(Span {
                    label: format!("{}::{}", label, member.name.as_deref().unwrap_or("?")),
                    start: start + member.lead - from,
                    end: start + member.tail - from,
                });
            }
        }
    }
}

/// What an item is called in a size table.
fn owner_name(item: &Item) -> String {
    match &item.what {
        What::Impl {
            trait_path,
            self_path,
        } => {
            let of = self_path.last().map_or("?", String::as_str);
            match trait_path.as_ref().and_then(|p| p.last()) {
                Some(t) => format!("impl {} for {}", t, of),
                None => of.to_string(),
            }
        }
        _ => item.name.clone().unwrap_or_else(|| "?".to_string()),
    }
}

/// The `#![...]` attributes in `text`.
fn inner_attributes(text: &str) -> Vec<&str> {
    let tokens: Vec<Token> = lex(text)
        .unwrap_or_default()
        .into_iter()
        .filter(Token::is_code)
        .collect();
    let mut found = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for token in &tokens {
        match token.text(text) {
            "#" if depth == 0 => start = token.start,
            "[" => depth += 1,
            "]" => {
                depth -= 1;
                if depth == 0 {
                    found.push(&text[start..token.end]);
                }
            }
            _ => {}
        }
    }
    found
}

fn module_body(tree: &Tree, reach: &Reach, m: usize, path: &str, out: &mut Out) {
    let module = &tree.modules[m];
    let src = &tree.files[module.file];
    let label = |item: &Item| match &item.what {
        What::Use(_) => format!("{}use", path),
        What::Impl { .. } => format!("{}{}", path, owner_name(item)),
        _ => format!("{}{}", path, item.name.as_deref().unwrap_or("?")),
    };
    for (i, item) in module.items.iter().enumerate() {
        let kept = &reach.kept[m][i];
        let whole = &src[item.lead..item.tail];
        match &item.what {
            What::ModFile | What::ModInline => {
                let child = module
                    .children
                    .iter()
                    .find(|&&(at, _)| at == i)
                    .map(|&(_, c)| c);
                let Some(child) = child.filter(|&c| reach.keeps_module(tree, c)) else {
                    continue;
                };
                // The declaration up to its `;` or `{`, then the module's
                // inner docs and attributes, then its items.
                let head_end = item.body.map_or(item.end - 1, |(open, _)| open);
                out.push_str(src[item.lead..head_end].trim_end());
                out.push_str(" {\n");
                let inner = &tree.modules[child];
                let text = &tree.files[inner.file][inner.inner.0..inner.inner.1];
                let text = text.trim_start_matches(['\r', '\n']);
                if !text.is_empty() {
                    out.push_str(text);
                    out.push('\n');
                }
                let inner_path = format!("{}{}::", path, inner.name);
                module_body(tree, reach, child, &inner_path, out);
                out.push_str("}\n");
            }
            What::Use(leaves) => {
                let on: Vec<&Leaf> = leaves
                    .iter()
                    .zip(&kept.leaves)
                    .filter(|(_, &k)| k)
                    .map(|(l, _)| l)
                    .collect();
                if on.len() == leaves.len() {
                    out.item(&label(item), item, item.lead, whole);
                } else if !on.is_empty() {
                    let text = format!(
                        "{}use {};",
                        &src[item.lead..item.keyword],
                        uses::render(&on)
                    );
                    out.item(&label(item), item, item.lead, &text);
                } else {
                    continue;
                }
                out.push('\n');
            }
            What::Impl { .. } | What::Trait if !kept.members.iter().all(|&k| k) => {
                // An inherent impl lives by its members; a trait or a trait
                // impl may be kept with none.
                if !kept.item && !kept.members.contains(&true) {
                    continue;
                }
                let (open, close) = item.body.unwrap_or((item.end, item.end));
                out.item(&label(item), item, item.lead, &src[item.lead..open + 1]);
                out.push('\n');
                for (member, _) in item.members.iter().zip(&kept.members).filter(|(_, &k)| k) {
                    let text = &src[member.lead..member.tail];
                    out.item(&label(item), item, member.lead, text);
                    out.push('\n');
                }
                // The closing brace with its indentation, when it has a
                // line of its own.
                let line_start = src[..close].rfind('\n').map_or(0, |n| n + 1);
                let from = match src[line_start..close].trim().is_empty() {
                    true => line_start,
                    false => close,
                };
                out.item(&label(item), item, from, &src[from..close + 1]);
                out.push('\n');
            }
            What::Impl {
                trait_path: None, ..
            } => {
                out.item(&label(item), item, item.lead, whole);
                out.push('\n');
            }
            _ if kept.item => {
                out.item(&label(item), item, item.lead, whole);
                out.push('\n');
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::tool::bundle::{assemble, Style};

    #[test]
    fn kept_text_keeps_its_layout_and_pruned_parts_are_put_together() {
        let a = "//! A's docs.\n\n\
                 #[allow(unused_imports)]\npub use std::io::{Read, Write};\n\n\
                 /// A thing.\npub struct Thing; // why\n\n\
                 impl Thing {\n    /// Kept.\n    pub fn kept(&self) { let _ = std::io::sink().flush(); }\n\n    pub fn dropped(&self) {}\n}\n";
        let main = "fn main() { crate::core::a::Thing.kept(); }";
        let text = assemble(
            &[("", "pub mod a;\n"), ("a", a)],
            "core",
            main,
            Style::Readable,
            "// h\n",
        )
        .unwrap();
        let expected = "// h\npub mod a {\n//! A's docs.\n\n\
                        #[allow(unused_imports)]\npub use std::io::Write;\n\n\
                        /// A thing.\npub struct Thing; // why\n\n\
                        impl Thing {\n    /// Kept.\n    pub fn kept(&self) { let _ = std::io::sink().flush(); }\n}\n}\n\n\
                        fn main() { crate::a::Thing.kept(); }\n";
        assert_eq!(text, expected);
    }
}
