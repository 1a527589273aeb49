//! The prompt: agent, working directory relative to the workspace root, the last non-zero
//! status; `> ` on continuation lines.

use reedline::{PromptEditMode, PromptHistorySearch, PromptHistorySearchStatus};
use std::borrow::Cow;

/// What the prompt shows.
pub struct Prompt {
    /// The left part, e.g. `alice project/src [1]`.
    pub left: String,
}

impl Prompt {
    /// The prompt for `agent` in `cwd` under the workspace `root` after `status`.
    pub fn new(agent: &str, root: &str, cwd: &str, status: i32) -> Prompt {
        let base = root.rsplit('/').find(|s| !s.is_empty()).unwrap_or("/");
        let inside = if root == "/" { None } else { cwd.strip_prefix(root).and_then(|r| r.strip_prefix('/')) };
        let place = match inside {
            _ if cwd == root => base.to_string(),
            Some(rest) => format!("{base}/{rest}"),
            None => cwd.to_string(),
        };
        let status = if status == 0 { String::new() } else { format!(" [{status}]") };
        Prompt { left: format!("{agent} {place}{status}") }
    }
}

impl reedline::Prompt for Prompt {
    fn render_prompt_left(&self) -> Cow<'_, str> {
        Cow::Borrowed(&self.left)
    }

    fn render_prompt_right(&self) -> Cow<'_, str> {
        Cow::Borrowed("")
    }

    fn render_prompt_indicator(&self, _mode: PromptEditMode) -> Cow<'_, str> {
        Cow::Borrowed("$ ")
    }

    fn render_prompt_multiline_indicator(&self) -> Cow<'_, str> {
        Cow::Borrowed("> ")
    }

    fn render_prompt_history_search_indicator(&self, search: PromptHistorySearch) -> Cow<'_, str> {
        let failing = if matches!(search.status, PromptHistorySearchStatus::Failing) { "failing " } else { "" };
        Cow::Owned(format!("({failing}reverse-i-search)`{}': ", search.term))
    }
}

#[cfg(test)]
mod tests {
    use super::Prompt;

    #[test]
    fn places_are_relative_to_the_workspace() {
        assert_eq!(Prompt::new("agent", "/home/u/proj", "/home/u/proj", 0).left, "agent proj");
        assert_eq!(Prompt::new("bob", "/home/u/proj", "/home/u/proj/src/x", 2).left, "bob proj/src/x [2]");
        assert_eq!(Prompt::new("agent", "/home/u/proj", "/tmp", 0).left, "agent /tmp");
        assert_eq!(Prompt::new("agent", "/", "/etc", 0).left, "agent /etc");
        // A sibling whose name extends the root's is not inside it.
        assert_eq!(Prompt::new("agent", "/w", "/work", 0).left, "agent /work");
    }
}
