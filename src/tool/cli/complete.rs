//! `referee completions bash|zsh|fish`: completion scripts written from
//! the tables: subcommands, each one's flags, problem names where a PROBLEM
//! goes, files and folders where they go, the words `--style` takes, the
//! shells, and after `--` (test, stress) a command and its files.

use super::table::{self, ArgKind, Count, Flag, Kind, Subcommand, Tail, SUBCOMMANDS};
use super::Shell;
use crate::tool::problem::Problem;

fn problems() -> Vec<&'static str> {
    Problem::ALL.iter().map(|p| p.name()).collect()
}

fn subcommand_names() -> Vec<&'static str> {
    SUBCOMMANDS.iter().map(|s| s.name).collect()
}

/// The subcommands whose `--` starts a command to run: test, stress.
fn tail_subcommands() -> Vec<&'static str> {
    let tails = SUBCOMMANDS.iter().filter(|s| s.tail != Tail::No);
    tails.map(|s| s.name).collect()
}

/// The words a positional argument of this kind completes to, or None for
/// a file or a folder.
fn words_of(kind: ArgKind) -> Option<Vec<&'static str>> {
    match kind {
        ArgKind::Problem => Some(problems()),
        ArgKind::Shell => Some(Shell::NAMES.to_vec()),
        ArgKind::Subcommand => Some(subcommand_names()),
        ArgKind::Name => Some(Vec::new()),
        ArgKind::File | ArgKind::Dir => None,
    }
}

/// Every spelling of a flag: `--jobs`, `-j`.
fn spellings(flag: &Flag) -> Vec<String> {
    let mut all = vec![format!("--{}", flag.long)];
    all.extend(flag.short.map(|s| format!("-{}", s)));
    all
}

/// The spellings of every flag that takes a value in the next word where
/// it is given (`sub` None: before any subcommand, in any of them): a flag
/// may be a switch in one subcommand and take a value in another.
fn value_flags(sub: Option<&str>) -> Vec<String> {
    let takes_value = |flag: &Flag| match sub {
        Some(sub) => flag.use_in(Some(sub)).is_some() && !matches!(flag.kind, Kind::Switch(_)),
        None => !matches!(flag.kind, Kind::Switch(_)),
    };
    table::FLAGS
        .iter()
        .filter(|f| takes_value(f))
        .flat_map(spellings)
        .collect()
}

fn flags_of(sub: Option<&str>) -> Vec<String> {
    table::flags_in(sub)
        .flat_map(|(f, _)| spellings(f))
        .collect()
}

/// Each subcommand with the flags that take a value in it (`value_flags`),
/// then `""` (none yet) with those that take one in any: the subcommands
/// with none are left out.
fn value_table() -> Vec<(&'static str, Vec<String>)> {
    let subs = SUBCOMMANDS
        .iter()
        .map(|sub| (sub.name, value_flags(Some(sub.name))));
    subs.chain([("", value_flags(None))])
        .filter(|(_, flags)| !flags.is_empty())
        .collect()
}

/// Each subcommand with its switches that take a value in another: given
/// before any subcommand, such a flag followed by this one's name is its
/// switch, not a value. The subcommands with none are left out.
fn switch_table() -> Vec<(&'static str, Vec<String>)> {
    let anywhere = value_flags(None);
    let switches = |sub: &Subcommand| {
        let own_values = value_flags(Some(sub.name));
        let flags = flags_of(Some(sub.name)).into_iter();
        flags
            .filter(|f| anywhere.contains(f) && !own_values.contains(f))
            .collect::<Vec<_>>()
    };
    SUBCOMMANDS
        .iter()
        .map(|sub| (sub.name, switches(sub)))
        .filter(|(_, flags)| !flags.is_empty())
        .collect()
}

/// The bash script: one function that finds the subcommand, how many
/// positional words came before the cursor and whether `--` did.
pub(crate) fn bash() -> String {
    let mut out =
        String::from("# bash completion for referee; written by `referee completions bash`.\n");
    let tables = [
        (
            "_referee_value",
            "Whether the flag $2 takes the next word as its value in the\n\
             # subcommand $1 (none yet: in any).",
            value_table(),
        ),
        (
            "_referee_switch",
            "Whether the flag $2, which takes a value in some subcommand, is a\n\
             # switch of the subcommand $1: then $1 after it names the subcommand.",
            switch_table(),
        ),
    ];
    for (function, about, table) in tables {
        out.push_str(&format!("# {}\n{}() {{\n    case $1 in\n", about, function));
        for (sub, flags) in table {
            let sub = if sub.is_empty() { "''" } else { sub };
            out.push_str(&format!(
                "        {}) case $2 in {}) return 0 ;; esac ;;\n",
                sub,
                flags.join("|")
            ));
        }
        out.push_str("    esac\n    return 1\n}\n");
    }
    out.push_str(
        "_referee() {\n\
         \x20   local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n\
         \x20   # Bash splits `--opt=VALUE` into `--opt`, `=` and `VALUE`.\n\
         \x20   if [[ $cur == = ]]; then cur=; elif [[ $prev == = ]]; then prev=${COMP_WORDS[COMP_CWORD-2]}; fi\n\
         \x20   local sub= n=0 i word flag= skip=0 after=-1 ended=0\n\
         \x20   for ((i = 1; i < COMP_CWORD; i++)); do\n\
         \x20       word=${COMP_WORDS[i]}\n\
         \x20       if ((after >= 0)); then after=$((after + 1)); continue; fi\n\
         \x20       # After a `--` that ends the options, every word is a plain one\n\
         \x20       # (`a=b`, which bash splits in three, one word).\n\
         \x20       if ((ended)); then\n\
         \x20           [[ $word == = || ${COMP_WORDS[i-1]} == = ]] && continue\n\
         \x20           if [[ -z $sub ]]; then sub=$word; else n=$((n + 1)); fi\n\
         \x20           continue\n\
         \x20       fi\n\
         \x20       if [[ $word == = ]]; then skip=1; flag=; continue; fi\n\
         \x20       # `--` is never a flag's value, but after `=`.\n\
         \x20       if ((skip)) && [[ $word == -- && -n $flag ]]; then skip=0; fi\n\
         \x20       if ((skip)); then\n\
         \x20           skip=0\n\
         \x20           if [[ -z $sub ]] && _referee_switch \"$word\" \"$flag\"; then sub=$word; fi\n\
         \x20           continue\n\
         \x20       fi\n\
         \x20       case $word in\n",
    );
    out.push_str(&format!(
        "            --) case $sub in {}) after=0 ;; *) ended=1 ;; esac ;;\n",
        tail_subcommands().join("|")
    ));
    out.push_str(
        "            -*) if _referee_value \"$sub\" \"$word\"; then skip=1; flag=$word; fi ;;\n\
         \x20           *) if [[ -z $sub ]]; then sub=$word; else n=$((n + 1)); fi ;;\n\
         \x20       esac\n\
         \x20   done\n\
         \x20   if ((after == 0)); then mapfile -t COMPREPLY < <(compgen -c -- \"$cur\" | sort -u); return; fi\n\
         \x20   if ((after > 0)); then mapfile -t COMPREPLY < <(compgen -f -- \"$cur\"); return; fi\n",
    );
    let mut top = subcommand_names().join(" ");
    for flag in flags_of(None) {
        top.push(' ');
        top.push_str(&flag);
    }
    out.push_str(&format!(
        "    if [[ -z $sub ]] && ((ended)); then COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")); return; fi\n\
         \x20   if [[ -z $sub ]]; then COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")); return; fi\n",
        subcommand_names().join(" "),
        top
    ));
    out.push_str("    ((ended)) || case $prev in\n");
    for flag in table::FLAGS {
        let reply = match &flag.kind {
            Kind::Switch(_) => continue,
            Kind::Word { words, .. } => {
                format!(
                    "COMPREPLY=($(compgen -W \"{}\" -- \"$cur\"))",
                    words.join(" ")
                )
            }
            Kind::Path { .. } => "mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")".to_string(),
            Kind::Whole { .. } | Kind::Seconds(_) => "COMPREPLY=()".to_string(),
        };
        out.push_str(&format!(
            "        {}) {}; return ;;\n",
            spellings(flag).join("|"),
            reply
        ));
    }
    out.push_str("    esac\n    case $sub in\n");
    for sub in SUBCOMMANDS {
        out.push_str(&format!("        {})\n", sub.name));
        out.push_str(&format!(
            "            if ((!ended)) && [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")); return; fi\n",
            flags_of(Some(sub.name)).join(" ")
        ));
        out.push_str("            case $n in\n");
        for (i, arg) in sub.args.iter().enumerate() {
            let at = if arg.count == Count::Many {
                "*".to_string()
            } else {
                i.to_string()
            };
            let reply = match (words_of(arg.kind), arg.kind) {
                (Some(words), _) => {
                    format!(
                        "COMPREPLY=($(compgen -W \"{}\" -- \"$cur\"))",
                        words.join(" ")
                    )
                }
                (None, ArgKind::Dir) => "mapfile -t COMPREPLY < <(compgen -d -- \"$cur\")".into(),
                (None, _) => "mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")".into(),
            };
            out.push_str(&format!("                {}) {} ;;\n", at, reply));
        }
        out.push_str("            esac ;;\n");
    }
    out.push_str("    esac\n}\ncomplete -o filenames -F _referee referee\n");
    out
}

/// Text inside single quotes in zsh, also safe inside `[...]` of
/// `_arguments`.
fn zsh_quote(text: &str) -> String {
    text.replace('\'', "'\\''")
        .replace('[', "\\[")
        .replace(']', "\\]")
        .replace(':', "\\:")
}

/// One `_arguments` spec for a flag.
fn zsh_flag(flag: &Flag) -> String {
    let help = zsh_quote(flag.help);
    let value = match &flag.kind {
        Kind::Switch(_) => String::new(),
        Kind::Word { words, .. } => format!(":{}:({})", flag.long, words.join(" ")),
        Kind::Path { name, .. } => format!(":{}:_files", name),
        Kind::Whole { name, .. } => format!(":{}: ", name),
        Kind::Seconds(_) => ":SECS: ".to_string(),
    };
    let takes_value = !value.is_empty();
    // After `--help` or `--version` nothing else is completed.
    let ends = matches!(flag.kind, Kind::Switch(_)) && flag.short.is_some();
    match flag.short {
        Some(short) => {
            let (s, l) = if takes_value { ("+", "=") } else { ("", "") };
            let excludes = if ends {
                "(- *)".to_string()
            } else {
                format!("(-{} --{})", short, flag.long)
            };
            format!(
                "'{}'{{-{}{},--{}{}}}'[{}]{}'",
                excludes, short, s, flag.long, l, help, value
            )
        }
        None => {
            let l = if takes_value { "=" } else { "" };
            format!("'--{}{}[{}]{}'", flag.long, l, help, value)
        }
    }
}

/// The `_arguments` specs of a subcommand's positional words.
fn zsh_args(sub: &Subcommand) -> Vec<String> {
    let mut specs = Vec::new();
    for (i, arg) in sub.args.iter().enumerate() {
        let action = match (words_of(arg.kind), arg.kind) {
            (Some(words), _) => format!("({})", words.join(" ")),
            (None, ArgKind::Dir) => "_files -/".to_string(),
            (None, _) => "_files".to_string(),
        };
        let at = match arg.count {
            Count::Many => "*".to_string(),
            Count::One => (i + 1).to_string(),
            Count::Optional => format!("{}:", i + 1),
        };
        specs.push(format!("'{}:{}:{}'", at, arg.name, action));
    }
    specs
}

/// For `test` and `stress`: after `--`, the words are a command line of
/// its own, completed as zsh completes one.
const ZSH_TAIL: &str = r#"          local dashes=${words[(i)--]}
          if (( dashes < CURRENT )); then
            words=("${(@)words[dashes+1,-1]}")
            (( CURRENT -= dashes ))
            _normal
            return
          fi
"#;

pub(crate) fn zsh() -> String {
    let mut out = String::from(
        "#compdef referee\n\
         # zsh completion for referee; written by `referee completions zsh`.\n\n\
         _referee() {\n\
         \x20 local curcontext=$curcontext state line\n\
         \x20 local -a subcommands\n\
         \x20 subcommands=(\n",
    );
    for sub in SUBCOMMANDS {
        out.push_str(&format!("    '{}:{}'\n", sub.name, zsh_quote(sub.summary)));
    }
    out.push_str("  )\n  _arguments -C \\\n");
    for (flag, _) in table::flags_in(None) {
        out.push_str(&format!("    {} \\\n", zsh_flag(flag)));
    }
    out.push_str(
        "    '1: :->subcommand' \\\n\
         \x20   '*:: :->args'\n\
         \x20 case $state in\n\
         \x20   subcommand) _describe -t subcommands 'referee subcommand' subcommands ;;\n\
         \x20   args)\n\
         \x20     case $words[1] in\n",
    );
    for sub in SUBCOMMANDS {
        let mut specs: Vec<String> = table::flags_in(Some(sub.name))
            .map(|(f, _)| zsh_flag(f))
            .collect();
        specs.extend(zsh_args(sub));
        let tail = if sub.tail == Tail::No { "" } else { ZSH_TAIL };
        out.push_str(&format!(
            "        {})\n{}          _arguments -S \\\n            {}\n          ;;\n",
            sub.name,
            tail,
            specs.join(" \\\n            ")
        ));
    }
    out.push_str(
        "      esac\n\
         \x20     ;;\n\
         \x20 esac\n\
         }\n\n\
         if [ \"$funcstack[1]\" = _referee ]; then\n\
         \x20 _referee \"$@\"\n\
         else\n\
         \x20 compdef _referee referee\n\
         fi\n",
    );
    out
}

mod fish;

pub(crate) use self::fish::fish;

#[cfg(test)]
mod tests;
