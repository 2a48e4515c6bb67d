//! Pasting a library's files into one source file, as modules: each
//! `mod x;` becomes `mod x { ... }` with the file's text inside, test code
//! (`#[cfg(test)]` items) and `#[inline]` attributes are dropped, and the
//! library's own paths to its root (`crate::core::`) become paths to the
//! bundle's root (`crate::`).
//! The text is otherwise kept as written, comments included; `squeeze`
//! makes the short form from it.
//!
//! What cannot be carried into one file is an error that names it: a
//! `mod x;` whose file is not in the table, `include_str!` and the other
//! macros that read files or the environment at build time, `#[path]`,
//! `extern crate`, and a `crate::` path to something outside the library.

use super::lex::{lex, Kind, Token};

/// A library as the bundler sees it: its files by module path (`""` for
/// the root file, `"snooker::frame"` for `snooker/frame.rs`), the path
/// its code writes for its own root (`["crate"]`, or `["crate", "core"]`
/// for a library mounted inside a bigger crate), and where the bundle puts
/// it: at its root (`mount` empty) or in a module of its root (`judge`).
/// Its code may also name a library mounted beside it by the same path
/// the bundle gives it (`crate::judge::rating`), one of `neighbours`.
pub(crate) struct Library<'a> {
    name: &'a str,
    files: &'a [(&'a str, &'a str)],
    root: &'a [&'a str],
    pub(crate) mount: &'a str,
    neighbours: &'a [&'a str],
    /// The top-level modules (the root file's `mod x;`).
    modules: Vec<&'a str>,
}

/// A top-level module of a library, by its library's mount and its name.
pub(crate) type Need = (String, String);

/// Macros that read files or the environment at build time.
const BUILD_TIME_MACROS: [&str; 5] = [
    "include_str",
    "include_bytes",
    "include",
    "env",
    "option_env",
];

impl<'a> Library<'a> {
    pub(crate) fn new(
        name: &'a str,
        files: &'a [(&'a str, &'a str)],
        root: &'a [&'a str],
        mount: &'a str,
        neighbours: &'a [&'a str],
    ) -> Result<Library<'a>, String> {
        let mut library = Library {
            name,
            files,
            root,
            mount,
            neighbours,
            modules: Vec::new(),
        };
        library.modules = library.declared_modules()?;
        Ok(library)
    }

    pub(crate) fn modules(&self) -> &[&'a str] {
        &self.modules
    }

    fn file(&self, path: &str) -> Result<&'a str, String> {
        match self.files.iter().find(|(p, _)| *p == path) {
            Some((_, text)) => Ok(text),
            None => Err(format!(
                "{}: no file for module `{}` in the bundler's table",
                self.name, path
            )),
        }
    }

    fn declared_modules(&self) -> Result<Vec<&'a str>, String> {
        let root = self.file("")?;
        let tokens = code_tokens(root, self.name)?;
        let mut names = Vec::new();
        for (i, token) in tokens.iter().enumerate() {
            if token.text(root) == "mod" {
                match tokens.get(i + 1) {
                    Some(name) if name.kind == Kind::Ident => names.push(name.text(root)),
                    _ => return Err(format!("{}: `mod` without a name", self.name)),
                }
            }
        }
        Ok(names)
    }

    /// The root file's inner attributes (`#![forbid(unsafe_code)]`), which
    /// hold for the whole bundle.
    pub(crate) fn crate_attributes(&self) -> Result<String, String> {
        let root = self.file("")?;
        let tokens = code_tokens(root, self.name)?;
        let mut attributes = String::new();
        let mut i = 0;
        while is_attribute_start(root, &tokens, i) && tokens[i + 1].text(root) == "!" {
            let end = bracket_end(root, &tokens, i + 2)?;
            attributes.push_str(&root[tokens[i].start..tokens[end].end]);
            attributes.push('\n');
            i = end + 1;
        }
        Ok(attributes)
    }

    /// The module at `path` with everything it declares pasted inside,
    /// as the text of a `mod` block's body; the top-level modules it
    /// refers to through `crate::`, its own and its neighbours', are added
    /// to `needs`.
    pub(crate) fn paste(&self, path: &str, needs: &mut Vec<Need>) -> Result<String, String> {
        let text = self.file(path)?;
        let place = |what: &str| format!("{} module `{}`: {}", self.name, path, what);
        let all = lex(text).map_err(|e| place(&e))?;
        let code: Vec<Token> = all.iter().copied().filter(Token::is_code).collect();
        let word = |i: usize| code.get(i).map_or("", |t| t.text(text));
        let mut out = String::new();
        let mut copied = 0;
        let mut depth = 0usize;
        let mut i = 0;
        while i < code.len() {
            let token = code[i];
            match word(i) {
                "{" | "(" | "[" => depth += 1,
                "}" | ")" | "]" => depth = depth.saturating_sub(1),
                _ => {}
            }
            // `#[inline]` lets the tool inline the judge core's functions
            // across crates; in one file it says nothing, and costs bytes.
            if is_attribute_start(text, &code, i) && word(i + 2) == "inline" {
                out.push_str(&text[copied..token.start]);
                let end = bracket_end(text, &code, i + 1).map_err(|e| place(&e))?;
                copied = code[end].end;
                i = end + 1;
                continue;
            }
            if is_attribute_start(text, &code, i) && word(i + 2) == "cfg" && word(i + 4) == "test" {
                let end = item_end(text, &code, i).map_err(|e| place(&e))?;
                out.push_str(&text[copied..token.start]);
                copied = code[end].end;
                i = end + 1;
                continue;
            }
            if word(i) == "mod" && word(i + 2) == ";" && depth == 0 {
                let name = word(i + 1);
                let child = if path.is_empty() {
                    name.to_string()
                } else {
                    format!("{}::{}", path, name)
                };
                out.push_str(&text[copied..token.start]);
                out.push_str(&format!(
                    "mod {} {{\n{}\n}}",
                    name,
                    self.paste(&child, needs)?
                ));
                copied = code[i + 2].end;
                i += 3;
                continue;
            }
            if word(i) == "crate" && self.neighbours.contains(&word(i + 2)) && word(i + 3) == "::" {
                let need = (word(i + 2).to_string(), word(i + 4).to_string());
                if !needs.contains(&need) {
                    needs.push(need);
                }
                i += 4;
                continue;
            }
            if word(i) == "crate" && word(i + 1) == "::" {
                let skip = self.root.len() * 2 - 1;
                let mounted = self.root[1..]
                    .iter()
                    .enumerate()
                    .all(|(k, part)| word(i + 2 + 2 * k) == *part && word(i + 3 + 2 * k) == "::");
                let named = match word(i + 1 + skip) {
                    "{" => {
                        let close =
                            bracket_end(text, &code, i + 1 + skip).map_err(|e| place(&e))?;
                        code[i + 1 + skip..close]
                            .iter()
                            .map(|t| t.text(text))
                            .collect()
                    }
                    module => vec![module],
                };
                let known: Vec<&str> = named
                    .into_iter()
                    .filter(|m| self.modules.contains(m))
                    .collect();
                if !mounted || known.is_empty() {
                    return Err(place(&format!(
                        "`crate::{}` is outside the library",
                        word(i + 2)
                    )));
                }
                for module in known {
                    let need = (self.mount.to_string(), module.to_string());
                    if !needs.contains(&need) {
                        needs.push(need);
                    }
                }
                out.push_str(&text[copied..token.start]);
                out.push_str("crate::");
                if !self.mount.is_empty() {
                    out.push_str(self.mount);
                    out.push_str("::");
                }
                copied = code[i + skip].end;
                i += 1 + skip;
                continue;
            }
            let refused = match word(i) {
                name if BUILD_TIME_MACROS.contains(&name) && word(i + 1) == "!" => Some(name),
                "path" if i > 0 && word(i - 1) == "[" && word(i + 1) == "=" => Some("#[path]"),
                "extern" if word(i + 1) == "crate" => Some("extern crate"),
                _ => None,
            };
            if let Some(what) = refused {
                return Err(place(&format!(
                    "`{}` cannot be carried into one file",
                    what
                )));
            }
            i += 1;
        }
        out.push_str(&text[copied..]);
        Ok(out)
    }
}

/// The tokens of `text` that the compiler sees.
fn code_tokens(text: &str, name: &str) -> Result<Vec<Token>, String> {
    let tokens = lex(text).map_err(|e| format!("{}: {}", name, e))?;
    Ok(tokens.into_iter().filter(Token::is_code).collect())
}

/// Whether an attribute (`#[` or `#![`) starts at token `i`.
fn is_attribute_start(text: &str, code: &[Token], i: usize) -> bool {
    let word = |i: usize| code.get(i).map_or("", |t| t.text(text));
    word(i) == "#" && (word(i + 1) == "[" || (word(i + 1) == "!" && word(i + 2) == "["))
}

/// The index of the `]` or `}` that closes the bracket at `open`.
fn bracket_end(text: &str, code: &[Token], open: usize) -> Result<usize, String> {
    let mut depth = 0usize;
    for (i, token) in code.iter().enumerate().skip(open) {
        match token.text(text) {
            "{" | "(" | "[" => depth += 1,
            "}" | ")" | "]" => {
                depth -= 1;
                if depth == 0 {
                    return Ok(i);
                }
            }
            _ => {}
        }
    }
    Err("a bracket is never closed".to_string())
}

/// The last token of the item whose attributes start at token `start`:
/// the `;` that ends it, or the `}` of its body for the items that end
/// with one.
fn item_end(text: &str, code: &[Token], start: usize) -> Result<usize, String> {
    let mut i = start;
    while is_attribute_start(text, code, i) {
        i = bracket_end(text, code, i + 1)? + 1;
    }
    let braced = ["mod", "fn", "impl", "trait", "struct", "enum", "union"];
    let mut ends_at_brace = false;
    while let Some(token) = code.get(i) {
        match token.text(text) {
            word if braced.contains(&word) => ends_at_brace = true,
            ";" => return Ok(i),
            "{" | "(" | "[" => {
                let close = bracket_end(text, code, i)?;
                if ends_at_brace && token.text(text) == "{" {
                    return Ok(close);
                }
                i = close;
            }
            _ => {}
        }
        i += 1;
    }
    Err("a `#[cfg(test)]` item that never ends".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILES: &[(&str, &str)] = &[
        ("", "//! Root.\n#![forbid(unsafe_code)]\npub mod a;\npub mod b;\n"),
        ("a", "//! A.\npub mod inner;\n#[cfg(test)]\nmod tests { fn t() {} }\npub fn a() -> u8 { crate::core::b::B }\n"),
        ("a::inner", "pub const X: u8 = 1;\n#[cfg(test)]\nconst Y: S = S { x: 1 };\n"),
        ("b", "pub const B: u8 = 2;\n"),
    ];

    fn library(files: &'static [(&'static str, &'static str)]) -> Library<'static> {
        Library::new("lib", files, &["crate", "core"], "", &["other"]).unwrap()
    }

    #[test]
    fn modules_are_pasted_tests_dropped_and_root_paths_rewritten() {
        let lib = library(FILES);
        assert_eq!(lib.modules(), ["a", "b"]);
        assert_eq!(lib.crate_attributes().unwrap(), "#![forbid(unsafe_code)]\n");
        let mut needs = Vec::new();
        let a = lib.paste("a", &mut needs).unwrap();
        assert_eq!(
            a,
            "//! A.\npub mod inner {\npub const X: u8 = 1;\n\n\n}\n\npub fn a() -> u8 { crate::b::B }\n"
        );
        assert_eq!(needs, vec![("".to_string(), "b".to_string())]);
    }

    #[test]
    fn inline_attributes_are_dropped() {
        let files: &[(&str, &str)] = &[
            ("", "mod a;"),
            (
                "a",
                "#[inline]\nfn f() {}\n#[inline(always)] #[must_use]\nfn g() {}",
            ),
        ];
        let a = library(files).paste("a", &mut Vec::new()).unwrap();
        assert_eq!(a, "\nfn f() {}\n #[must_use]\nfn g() {}");
    }

    #[test]
    fn a_neighbours_paths_are_kept_and_a_mounted_librarys_own_are_rewritten() {
        let files: &[(&str, &str)] = &[
            ("", "mod a;"),
            ("a", "fn f() { crate::other::x::y(); crate::core::a::g(); }"),
        ];
        let mut needs = Vec::new();
        let a = library(files).paste("a", &mut needs).unwrap();
        assert_eq!(a, "fn f() { crate::other::x::y(); crate::a::g(); }");
        let other = |m: &str, n: &str| (m.to_string(), n.to_string());
        assert_eq!(needs, vec![other("other", "x"), other("", "a")]);
        let mounted = Library::new(
            "x",
            &[("", "mod a;"), ("a", "fn f() { crate::a::g(); }")],
            &["crate"],
            "other",
            &[],
        );
        let a = mounted.unwrap().paste("a", &mut needs).unwrap();
        assert_eq!(a, "fn f() { crate::other::a::g(); }");
    }

    #[test]
    fn what_cannot_be_carried_is_an_error_that_names_it() {
        let cases: [(&str, &str); 5] = [
            ("mod missing;", "no file for module `a::missing`"),
            ("const T: &str = include_str!(\"x\");", "`include_str`"),
            ("#[path = \"x.rs\"] mod y { }", "`#[path]`"),
            ("extern crate std as s;", "`extern crate`"),
            (
                "fn f() { crate::tool::run(); }",
                "`crate::tool` is outside the library",
            ),
        ];
        for (code, message) in cases {
            let files = vec![("", "mod a;"), ("a", code)];
            let files: &'static [(&str, &str)] = Box::leak(files.into_boxed_slice());
            let error = library(files).paste("a", &mut Vec::new()).unwrap_err();
            assert!(error.contains(message), "{}: {}", code, error);
        }
    }
}
