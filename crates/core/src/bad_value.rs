//! A value typed on the command line or in a `set` that is not one of the values a setting takes.

/// `'strong' is not a level: use a number from 1 (beginner) to 8 (club player).`
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.sentence())]
pub struct BadValue {
    /// What was given.
    pub value: String,
    /// What it should have been, with its article (`a level`).
    pub what: &'static str,
    /// The values there are, or how to write one.
    pub expected: String,
}

impl BadValue {
    pub fn new(value: &str, what: &'static str, expected: impl Into<String>) -> BadValue {
        BadValue { value: value.to_string(), what, expected: expected.into() }
    }

    fn sentence(&self) -> String {
        if self.value.trim().is_empty() {
            format!("Nothing was given for {}: use {}.", self.what, self.expected)
        } else {
            format!("'{}' is not {}: use {}.", self.value, self.what, self.expected)
        }
    }
}

/// The command line and scripts report their errors as one sentence.
impl From<BadValue> for String {
    fn from(error: BadValue) -> String {
        error.to_string()
    }
}
