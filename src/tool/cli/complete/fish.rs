//! The fish script: helpers that read the words before the cursor as the
//! parser does, then one `complete` per subcommand, flag and word.

use super::super::table::{self, ArgKind, Count, Flag, Kind, Tail, SUBCOMMANDS};
use super::{switch_table, tail_subcommands, value_table, words_of};

/// Text inside single quotes in fish.
pub(super) fn fish_quote(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// The helpers the fish conditions use, then one `complete` per item.
pub(crate) fn fish() -> String {
    let mut out =
        String::from("# fish completion for referee; written by `referee completions fish`.\n\n");
    let tables = [
        (
            "__referee_value",
            "Whether the flag FLAG takes the next word as its value in the\n\
             # subcommand SUB (none yet: in any).",
            value_table(),
        ),
        (
            "__referee_switch",
            "Whether the flag FLAG, which takes a value in some subcommand, is\n\
             # a switch of the subcommand SUB: then SUB after it names the subcommand.",
            switch_table(),
        ),
    ];
    for (function, about, table) in tables {
        out.push_str(&format!(
            "# {}\nfunction {} -a sub flag\n    switch $sub\n",
            about, function
        ));
        for (sub, flags) in table {
            out.push_str(&format!(
                "        case {}\n            contains -- $flag {}; and return 0\n",
                fish_quote(sub),
                flags.join(" ")
            ));
        }
        out.push_str("    end\n    return 1\nend\n\n");
    }
    out.push_str(&format!(
        "# The words before the cursor that are not options or their values,\n\
         # the subcommand first. Sets __referee_after, the number of words after\n\
         # a `--` that starts the command to run (test, stress; else empty), and\n\
         # __referee_ended, 1 after a `--` that ends the options, as the parser\n\
         # reads them.\n\
         function __referee_plain\n\
         \x20   set -l words (commandline -opc)\n\
         \x20   set -e words[1]\n\
         \x20   set -l sub ''\n\
         \x20   set -l flag ''\n\
         \x20   set -g __referee_after ''\n\
         \x20   set -g __referee_ended 0\n\
         \x20   for word in $words\n\
         \x20       if test -n \"$__referee_after\"\n\
         \x20           set __referee_after (math $__referee_after + 1)\n\
         \x20       else if test $__referee_ended = 1\n\
         \x20           test -z \"$sub\"; and set sub $word\n\
         \x20           echo $word\n\
         \x20       else if test \"$word\" = --\n\
         \x20           # Never a flag's value.\n\
         \x20           set flag ''\n\
         \x20           if contains -- \"$sub\" {}\n\
         \x20               set __referee_after 0\n\
         \x20           else\n\
         \x20               set __referee_ended 1\n\
         \x20           end\n\
         \x20       else if test -n \"$flag\"\n\
         \x20           if test -z \"$sub\"; and __referee_switch $word $flag\n\
         \x20               set sub $word\n\
         \x20               echo $word\n\
         \x20           end\n\
         \x20           set flag ''\n\
         \x20       else\n\
         \x20           switch $word\n\
         \x20               case '-*'\n\
         \x20                   __referee_value \"$sub\" $word; and set flag $word\n\
         \x20               case '*'\n\
         \x20                   test -z \"$sub\"; and set sub $word\n\
         \x20                   echo $word\n\
         \x20           end\n\
         \x20       end\n\
         \x20   end\n\
         end\n\n",
        tail_subcommands().join(" ")
    ));
    out.push_str(
        "# Subcommand SUB, before a command to run, with N positional words\n\
         # given (N+: or more).\n\
         function __referee_at -a sub n\n\
         \x20   set -l plain (__referee_plain)\n\
         \x20   test \"$plain[1]\" = \"$sub\"; and test -z \"$__referee_after\"; or return 1\n\
         \x20   set -l given (math (count $plain) - 1)\n\
         \x20   switch $n\n\
         \x20       case '*+'\n\
         \x20           test $given -ge (string trim -r -c + -- $n)\n\
         \x20       case '*'\n\
         \x20           test $given -eq $n\n\
         \x20   end\n\
         end\n\n\
         # Where options of subcommand SUB ('': of none yet) may come: before\n\
         # any `--`.\n\
         function __referee_in -a sub\n\
         \x20   set -l plain (__referee_plain)\n\
         \x20   test \"$plain[1]\" = \"$sub\"; and test -z \"$__referee_after\"; and test $__referee_ended = 0\n\
         end\n\n\
         # No subcommand yet.\n\
         function __referee_none\n\
         \x20   set -l plain (__referee_plain)\n\
         \x20   test (count $plain) -eq 0\n\
         end\n\n\
         complete -c referee -f\n",
    );
    for sub in SUBCOMMANDS {
        out.push_str(&format!(
            "complete -c referee -n '__referee_none' -a {} -d {}\n",
            sub.name,
            fish_quote(sub.summary)
        ));
    }
    let flag_line = |flag: &Flag, condition: &str| {
        let mut line = format!("complete -c referee -n {}", fish_quote(condition));
        if let Some(short) = flag.short {
            line.push_str(&format!(" -s {}", short));
        }
        line.push_str(&format!(" -l {}", flag.long));
        match &flag.kind {
            Kind::Switch(_) => {}
            Kind::Word { words, .. } => {
                line.push_str(&format!(" -x -a {}", fish_quote(&words.join(" "))))
            }
            Kind::Path { .. } => line.push_str(" -r -F"),
            Kind::Whole { .. } | Kind::Seconds(_) => line.push_str(" -x"),
        }
        format!("{} -d {}\n", line, fish_quote(flag.help))
    };
    for (flag, _) in table::flags_in(None) {
        out.push_str(&flag_line(flag, "__referee_in ''"));
    }
    for sub in SUBCOMMANDS {
        for (flag, _) in table::flags_in(Some(sub.name)) {
            out.push_str(&flag_line(flag, &format!("__referee_in {}", sub.name)));
        }
        for (i, arg) in sub.args.iter().enumerate() {
            let at = if arg.count == Count::Many {
                format!("{}+", i)
            } else {
                i.to_string()
            };
            let condition = fish_quote(&format!("__referee_at {} {}", sub.name, at));
            let what = match (words_of(arg.kind), arg.kind) {
                (Some(words), _) => format!("-a {}", fish_quote(&words.join(" "))),
                (None, ArgKind::Dir) => "-a '(__fish_complete_directories)'".to_string(),
                (None, _) => "-F".to_string(),
            };
            out.push_str(&format!(
                "complete -c referee -n {} {} -d {}\n",
                condition,
                what,
                fish_quote(arg.name)
            ));
        }
        if sub.tail != Tail::No {
            let first = format!("__referee_in_tail {} 0", sub.name);
            let later = format!("__referee_in_tail {} 1+", sub.name);
            out.push_str(&format!(
                "complete -c referee -n {} -a '(__fish_complete_command)' -d command\n\
                 complete -c referee -n {} -F\n",
                fish_quote(&first),
                fish_quote(&later)
            ));
        }
    }
    out.push_str(
        "\n# Subcommand SUB after `--`, with N words after it (N+: or more).\n\
         function __referee_in_tail -a sub n\n\
         \x20   set -l plain (__referee_plain)\n\
         \x20   test \"$plain[1]\" = \"$sub\"; and test -n \"$__referee_after\"; or return 1\n\
         \x20   switch $n\n\
         \x20       case '*+'\n\
         \x20           test $__referee_after -ge (string trim -r -c + -- $n)\n\
         \x20       case '*'\n\
         \x20           test $__referee_after -eq $n\n\
         \x20   end\n\
         end\n",
    );
    out
}
