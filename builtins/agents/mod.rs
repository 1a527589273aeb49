//! Commands for agents and their tools: messaging, presence and metadata over the store (`msg`, `who`, `ping`, `meta`), timers (`at`, `atq`, `atrm`, `crontab`), and discovery (`help`, `config`, `audit`, a tool run by its name).

pub mod messaging;
pub mod timers;
pub mod tools;
