//! The flattening on small sources, and on the core's bundles.

use super::*;

/// The core's bundles flatten.
#[test]
fn the_cores_bundles_are_flat() {
    use crate::tool::bundle::{emit, reach, tree, CORE};
    use crate::tool::problem::Problem;
    for problem in Problem::ALL {
        let (judge, validator) = crate::tool::bundle::entries(problem);
        for call in [judge, validator] {
            let main = format!(
                "fn main() {{ let stdin = std::io::stdin(); let stdout = std::io::stdout(); {}; }}",
                call
            );
            let tree = tree::Tree::build(CORE, "core", &main).unwrap();
            let reach = reach::Reach::of(&tree);
            let text = emit::readable(&tree, &reach);
            let tokens: Vec<Token> = lex(&text)
                .unwrap()
                .into_iter()
                .filter(Token::is_code)
                .collect();
            let result = flatten(&text, &tokens);
            assert!(result.is_ok(), "{}: {:?}", problem.name(), result.err());
        }
    }
}
