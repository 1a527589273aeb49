//! Prints the sizes of the syntax tree's types (a developer aid for keeping the tree compact).
use toolsh::ast::*;
fn main() {
    println!("Command {}", std::mem::size_of::<Command>());
    println!("CompoundCommand {}", std::mem::size_of::<CompoundCommand>());
    println!("SimpleCommand {}", std::mem::size_of::<SimpleCommand>());
    println!("Pipeline {}", std::mem::size_of::<Pipeline>());
    println!("ListItem {}", std::mem::size_of::<ListItem>());
    println!("Word {}", std::mem::size_of::<Word>());
    println!("WordPart {}", std::mem::size_of::<WordPart>());
    println!("Redirect {}", std::mem::size_of::<Redirect>());
    println!("ParamExpr {}", std::mem::size_of::<ParamExpr>());
}
